import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { fromItem } from '../db/item';
import { queryAll } from '../db/query-all';
import { ulid } from 'ulid';
import { db, tableName } from '../db/client';
import { keys } from '../db/keys';
import { guardClient } from './aws-access';
import { config } from './config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface OutboxMessage extends MailMessage {
  id: string;
  sent_at: string;
}

/** Outbox messages are local-only and expire after a week so the table does not grow. */
const outboxTtlSeconds = 7 * 24 * 3600;

let ses: SESv2Client | undefined;

/** The mail port: SES in AWS, the local outbox (read at /dev/outbox) in the local stack. */
export async function sendMail(message: MailMessage, now = new Date()): Promise<void> {
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
  const id = ulid(now.getTime());
  const sentAt = now.toISOString();
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.outboxMessage(sentAt, id),
        entity: 'outbox_message',
        id,
        sent_at: sentAt,
        ...message,
        expiresAt: Math.floor(now.getTime() / 1000) + outboxTtlSeconds,
      },
    }),
  );
}

/** The local outbox, newest first (at most 100), optionally only the messages to one address. */
export async function listOutbox(to?: string): Promise<OutboxMessage[]> {
  const items = await queryAll<Record<string, unknown>>({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ...(to ? { FilterExpression: '#to = :to', ExpressionAttributeNames: { '#to': 'to' } } : {}),
    ExpressionAttributeValues: { ':pk': keys.outboxMessage('', '').PK, ...(to ? { ':to': to } : {}) },
    ScanIndexForward: false,
  });
  return items
    .slice(0, 100)
    .map((item) => fromItem<OutboxMessage & { expiresAt?: number }>(item))
    .map(({ expiresAt: _expires, ...message }) => message);
}
