import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@golf/functions/db/client';
import { keys } from '@golf/functions/db/keys';

/**
 * Every file of the suite calls the shared stack from this machine's loopback address, so the mail
 * budget of that network address (30 mails an hour, functions/src/domain/account/mail-flows.ts) is
 * the whole suite's: a test that mails, or counts a budget, starts it afresh. The counters of every
 * window go, whatever hour the game clock is at.
 */
export async function freshLoopbackMailBudget(): Promise<void> {
  for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '::1']) {
    const { PK } = keys.rateLimit('mail', `ip:${address}`, 0);
    const { Items = [] } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': PK },
        ProjectionExpression: 'PK, SK',
      }),
    );
    for (let start = 0; start < Items.length; start += 25)
      await db().send(
        new BatchWriteCommand({
          RequestItems: {
            [tableName()]: Items.slice(start, start + 25).map((Key) => ({ DeleteRequest: { Key } })),
          },
        }),
      );
  }
}
