import { z } from 'zod';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../db/client';
import { fromItem } from '../../db/item';
import { keys } from '../../db/keys';
import { notFound } from '../../lib/errors';
import { config } from '../../lib/config';
import { httpHandler } from '../../lib/http-handler';
import type { OutboxMessage } from '../../lib/mail';

const querySchema = z.object({ to: z.email().optional() });

/** The local stack's mail outbox, newest first. Never deployed (localOnly in the route table). */
export const handler = httpHandler('listDevOutbox', { query: querySchema }, async ({ query }) => {
  if (config().MAIL_TRANSPORT !== 'outbox') throw notFound();
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.outboxMessage('', '').PK },
      ScanIndexForward: false,
      Limit: 100,
    }),
  );
  const messages = Items.map((item) => fromItem<OutboxMessage & { expiresAt?: number }>(item)).map(
    ({ expiresAt: _expires, ...message }) => message,
  );
  return { messages: query.to ? messages.filter((m) => m.to === query.to) : messages };
});
