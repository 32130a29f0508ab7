import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { keys } from '../db/keys';
import { guardClient } from '../lib/aws-access';
import { keepInOutbox, readOutbox } from './local-outbox';
import { config } from '../lib/config';
import { now as clockNow } from '../lib/clock';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
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
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: config().MAIL_FROM,
        ...(config().MAIL_CONFIGURATION_SET ? { ConfigurationSetName: config().MAIL_CONFIGURATION_SET } : {}),
        Destination: { ToAddresses: [message.to] },
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: message.text, Charset: 'UTF-8' } },
          },
        },
      }),
    );
    return;
  }
  await keepInOutbox(keys.outboxMessage, 'outbox_message', message, now);
}

/** The local outbox, newest first (at most 100), optionally only the messages to one address. */
export async function listOutbox(to?: string): Promise<OutboxMessage[]> {
  return readOutbox<MailMessage>(keys.outboxMessage('', '').PK, to);
}
