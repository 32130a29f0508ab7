import { SESv2Client, SendEmailCommand, type SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { keys } from '../db/keys';
import { guardClient } from '../lib/aws-access';
import { keepInOutbox, readOutbox } from './local-outbox';
import { config } from '../lib/config';
import { now as clockNow } from '../lib/clock';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Header fields besides those SES writes (`List-Unsubscribe` and the like), in ASCII. */
  headers?: Record<string, string>;
}

export interface OutboxMessage extends MailMessage {
  id: string;
  sent_at: string;
}

let ses: SESv2Client | undefined;

/** The mail port: SES in AWS, the local outbox (read at /dev/outbox) in the local stack. */
export async function sendMail(message: MailMessage, now = clockNow()): Promise<void> {
  if (config().MAIL_TRANSPORT === 'ses') {
    ses ??= guardClient('ses', new SESv2Client({}));
    await ses.send(new SendEmailCommand(sesEmail(message, config())));
    return;
  }
  await keepInOutbox(keys.outboxMessage, 'outbox_message', message, now);
}

/** The SES v2 SendEmail request of a message: a simple (SES-assembled) mail with its extra headers. */
export function sesEmail(
  message: MailMessage,
  settings: { MAIL_FROM: string; MAIL_CONFIGURATION_SET?: string | undefined },
): SendEmailCommandInput {
  const headers = Object.entries(message.headers ?? {}).map(([Name, Value]) => ({ Name, Value }));
  return {
    FromEmailAddress: settings.MAIL_FROM,
    ...(settings.MAIL_CONFIGURATION_SET ? { ConfigurationSetName: settings.MAIL_CONFIGURATION_SET } : {}),
    Destination: { ToAddresses: [message.to] },
    Content: {
      Simple: {
        Subject: { Data: message.subject, Charset: 'UTF-8' },
        Body: { Text: { Data: message.text, Charset: 'UTF-8' } },
        ...(headers.length ? { Headers: headers } : {}),
      },
    },
  };
}

/** The local outbox, newest first (at most 100), optionally only the messages to one address. */
export async function listOutbox(to?: string): Promise<OutboxMessage[]> {
  return readOutbox<MailMessage>(keys.outboxMessage('', '').PK, to);
}
