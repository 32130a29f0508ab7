import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionHeld } from '../conditions';
import { db, tableName } from '../client';
import { keys } from '../keys';
import type { TableUse } from '../table-use';

export const rateLimitRepository = {
  /**
   * Counts one attempt in a fixed window (a counter item expiring by TTL). Returns the seconds until
   * the window ends when `limit` attempts were already counted, else null.
   */
  async countAttempt(
    action: string,
    subject: string,
    windowSeconds: number,
    limit: number,
    now: Date,
  ): Promise<number | null> {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const windowStart = Math.floor(nowSeconds / windowSeconds) * windowSeconds;
    const counted = await conditionHeld(
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.rateLimit(action, subject, windowStart),
          UpdateExpression: 'ADD #count :one SET expiresAt = :expires, entity = :entity',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: {
            ':one': 1,
            ':limit': limit,
            ':expires': windowStart + windowSeconds * 2,
            ':entity': 'rate_limit',
          },
        }),
      ),
    );
    return counted ? null : Math.max(1, windowStart + windowSeconds - nowSeconds);
  },
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  rateLimitRepository: {
    countAttempt: { write: ['RATE#'] },
  },
} satisfies TableUse<{ rateLimitRepository: typeof rateLimitRepository }>;
