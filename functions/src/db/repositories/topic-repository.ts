import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Topic } from '@golf/shared/schemas/topic';
import { db, tableName } from '../client';
import { fromItem } from '../item';
import { keys } from '../keys';
import { queryAll } from '../query-all';
import type { TableUse } from '../table-use';

export interface TopicRecord extends Topic {
  updated_at: string;
}

export const topicItem = (record: TopicRecord) => ({
  ...keys.topic(record.id),
  ...keys.topicListing(record.published_at, record.id),
  entity: 'topic',
  ...record,
});

export const topicRepository = {
  async getTopic(topicId: string): Promise<TopicRecord | null> {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.topic(topicId) }));
    return Item ? fromItem<TopicRecord>(Item) : null;
  },

  async putTopic(record: TopicRecord): Promise<void> {
    await db().send(new PutCommand({ TableName: tableName(), Item: topicItem(record) }));
  },

  /** False when there was no such topic. */
  async deleteTopic(topicId: string): Promise<boolean> {
    const { Attributes } = await db().send(
      new DeleteCommand({ TableName: tableName(), Key: keys.topic(topicId), ReturnValues: 'ALL_OLD' }),
    );
    return Attributes !== undefined;
  },

  /** Topics published at or before `now`, newest first. */
  async listPublishedTopics(now: string): Promise<TopicRecord[]> {
    const items = await queryAll<Record<string, unknown>>({
      TableName: tableName(),
      IndexName: 'GSI1',
      // Listing keys are `{published_at}#{id}`; '#' sorts before every id character, '~' after them.
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK <= :until',
      ExpressionAttributeValues: { ':pk': keys.topicListingPartition, ':until': `${now}#~` },
      ScanIndexForward: false,
    });
    return items.map((item) => fromItem<TopicRecord>(item));
  },
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  topicItem: { write: ['TOPIC#'] },
  topicRepository: {
    getTopic: { read: ['TOPIC#'] },
    putTopic: { write: ['TOPIC#'] },
    deleteTopic: { write: ['TOPIC#'] },
    listPublishedTopics: { index: ['TOPICS'] },
  },
} satisfies TableUse<{ topicRepository: typeof topicRepository; topicItem: typeof topicItem }>;
