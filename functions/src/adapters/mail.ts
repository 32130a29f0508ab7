import { SESv2Client, SendEmailCommand, type SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { singleLineRefused } from '@golf/shared/schemas/text';
import { guardClient } from '../lib/aws-access';
import { outboxRepository } from '../db/repositories/outbox-repository';
import { config } from '../lib/config';
import { now as clockNow } from '../lib/clock';

export interface MailMessage {
  to: string;
  /** Any text: written on one line (control characters become spaces), encoded when not ASCII. */
  subject: string;
  text: string;
  /** Header fields besides those SES writes (`List-Unsubscribe` and the like), in printable ASCII. */
  headers?: Record<string, string>;
}

export interface OutboxMessage extends MailMessage {
  id: string;
  sent_at: string;
}

let ses: SESv2Client | undefined;

const lineBreaking = new RegExp(`${singleLineRefused.source}+`, 'g');
const printableAscii = /^[\u0020-\u007e]*$/;
/** A field name of RFC 5322: printable ASCII but the colon. */
const fieldName = /^[\u0021-\u0039\u003b-\u007e]+$/;

/** Text that goes into a header, on one line: a run of control characters (CR, LF) becomes a space. */
const oneLine = (text: string) => text.replace(lineBreaking, ' ').trim();

/**
 * A header's text as RFC 2047 writes it: printable ASCII as it is, anything else as UTF-8 B
 * encoded-words of at most 75 characters (whole characters each), which readers join again.
 */
export function encodedHeaderText(text: string): string {
  const line = oneLine(text);
  if (printableAscii.test(line) && !line.includes('=?')) return line;
  // 45 bytes are 60 base64 characters: with `=?UTF-8?B?` and `?=`, 72 of the 75 a word may have.
  const words: string[] = [];
  let bytes: Buffer[] = [];
  let size = 0;
  const flush = () => {
    words.push(`=?UTF-8?B?${Buffer.concat(bytes).toString('base64')}?=`);
    [bytes, size] = [[], 0];
  };
  for (const character of line) {
    const encoded = Buffer.from(character, 'utf8');
    if (size + encoded.length > 45) flush();
    bytes.push(encoded);
    size += encoded.length;
  }
  if (size > 0) flush();
  return words.join(' ');
}

/**
 * The message as it may be sent: its subject on one line, and its address and extra header fields
 * refused when a value could start a header of its own (they are the code's, never a person's text).
 */
function sendable(message: MailMessage): MailMessage {
  const fields = Object.entries(message.headers ?? {});
  if (
    !printableAscii.test(message.to) ||
    fields.some(([name, value]) => !fieldName.test(name) || !printableAscii.test(value))
  )
    throw new Error('a mail address or header field holds a character a header cannot carry');
  return { ...message, subject: oneLine(message.subject) };
}

/** The mail port: SES in AWS, the local outbox (read at /dev/outbox) in the local stack. */
export async function sendMail(message: MailMessage, now = clockNow()): Promise<void> {
  if (config().MAIL_TRANSPORT === 'ses') {
    ses ??= guardClient('ses', new SESv2Client({}));
    await ses.send(new SendEmailCommand(sesEmail(message, config())));
    return;
  }
  await outboxRepository.keepMail(sendable(message), now);
}

/**
 * The SES v2 SendEmail request of a message: a simple (SES-assembled) mail with its extra headers,
 * its subject encoded (SES takes a subject in 7-bit ASCII, RFC 2047 encoded-words for the rest).
 */
export function sesEmail(
  message: MailMessage,
  settings: { MAIL_FROM: string; MAIL_CONFIGURATION_SET?: string | undefined },
): SendEmailCommandInput {
  const mail = sendable(message);
  const headers = Object.entries(mail.headers ?? {}).map(([Name, Value]) => ({ Name, Value }));
  return {
    FromEmailAddress: settings.MAIL_FROM,
    ...(settings.MAIL_CONFIGURATION_SET ? { ConfigurationSetName: settings.MAIL_CONFIGURATION_SET } : {}),
    Destination: { ToAddresses: [mail.to] },
    Content: {
      Simple: {
        Subject: { Data: encodedHeaderText(mail.subject), Charset: 'UTF-8' },
        Body: { Text: { Data: mail.text, Charset: 'UTF-8' } },
        ...(headers.length ? { Headers: headers } : {}),
      },
    },
  };
}

/** The local outbox, newest first (at most 100), optionally only the messages to one address. */
export async function listOutbox(to?: string): Promise<OutboxMessage[]> {
  return outboxRepository.listMail<MailMessage>(to);
}
