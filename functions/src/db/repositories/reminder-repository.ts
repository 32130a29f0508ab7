/**
 * Deadline reminders: each player's settings (`USER#{id}` / `REMINDERS`, listed in GSI1 under
 * `REMINDER_SUBSCRIBERS` while a channel is on), the unsubscribe tokens (`REMINDER_UNSUBSCRIBE#{token}`,
 * one per player, replaced each time one is used), one marker per message sent (so a batch sent
 * again sends nothing twice; in 64 shards by player), and the job's last run, subscriber counts
 * and planned reminder times.
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ReminderChannel, ReminderHours } from '@golf/shared/game/reminders';
import type { ReminderSettings } from '@golf/shared/schemas/reminders';
import { db, tableName } from '../client';
import { conditionHeld, transactionHeld } from '../conditions';
import { fromItem } from '../item';
import { keys } from '../keys';
import { queryAll } from '../query-all';
import type { TableUse } from '../table-use';

export interface ReminderSubscription extends ReminderSettings {
  user_id: string;
  /** The LINE user the Messaging API pushes to; set when a player who signed in with LINE links it. */
  line_user_id: string | null;
  unsubscribe_token: string;
  updated_at: string;
}

/** Subscribers by reminder time (hours before the deadline, as a string key) and channel. */
export interface SubscriberCounts {
  email: Record<string, number>;
  line: Record<string, number>;
  counted_at: string;
}

const settingsKey = keys.reminderSettings;
const tokenKey = keys.reminderUnsubscribe;
const sentKey = keys.reminderSent;
const lastRunKey = keys.reminderLastRun;
/** Sent markers outlive any deadline they guard. */
const sentTtlSeconds = 30 * 24 * 3600;

/** The settings item (listed for the job while a channel is on) and its unsubscribe token's item. */
export function reminderItems(subscription: ReminderSubscription): Array<Record<string, unknown>> {
  const listed = subscription.email || subscription.line;
  return [
    {
      ...settingsKey(subscription.user_id),
      entity: 'reminder_settings',
      ...(listed ? keys.reminderSubscribers(subscription.user_id) : {}),
      ...subscription,
    },
    { ...tokenKey(subscription.unsubscribe_token), entity: 'reminder_token', user_id: subscription.user_id },
  ];
}

export const reminderRepository = {
  async get(userId: string): Promise<ReminderSubscription | undefined> {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: settingsKey(userId) }));
    return Item ? fromItem<ReminderSubscription>(Item) : undefined;
  },

  /**
   * Stores the settings and their unsubscribe token; only subscribers are listed for the job. False
   * (nothing written) when the stored settings carry another token meanwhile: their link was used
   * since they were read.
   */
  async put(subscription: ReminderSubscription): Promise<boolean> {
    const [settings, token] = reminderItems(subscription);
    return transactionHeld([
      {
        Put: {
          TableName: tableName(),
          Item: settings,
          ConditionExpression: 'attribute_not_exists(PK) OR unsubscribe_token = :token',
          ExpressionAttributeValues: { ':token': subscription.unsubscribe_token },
        },
      },
      { Put: { TableName: tableName(), Item: token } },
    ]);
  },

  /**
   * Uses an unsubscribe token: stores `subscription` (both channels off, its new token) and deletes
   * the used one, in one transaction. False when the token was used already, or twice at once: only
   * one use holds.
   */
  async unsubscribe(usedToken: string, subscription: ReminderSubscription): Promise<boolean> {
    const [settings, token] = reminderItems(subscription);
    return transactionHeld([
      {
        Delete: {
          TableName: tableName(),
          Key: tokenKey(usedToken),
          ConditionExpression: 'user_id = :user',
          ExpressionAttributeValues: { ':user': subscription.user_id },
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: settings,
          ConditionExpression: 'unsubscribe_token = :used',
          ExpressionAttributeValues: { ':used': usedToken },
        },
      },
      { Put: { TableName: tableName(), Item: token, ConditionExpression: 'attribute_not_exists(PK)' } },
    ]);
  },

  /** A withdrawn player's settings and unsubscribe token: nothing of theirs stays behind. */
  async remove(subscription: Pick<ReminderSubscription, 'user_id' | 'unsubscribe_token'>): Promise<void> {
    await db().send(
      new DeleteCommand({ TableName: tableName(), Key: tokenKey(subscription.unsubscribe_token) }),
    );
    await db().send(new DeleteCommand({ TableName: tableName(), Key: settingsKey(subscription.user_id) }));
  },

  async userOfToken(token: string): Promise<string | undefined> {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: tokenKey(token) }));
    return typeof Item?.['user_id'] === 'string' ? Item['user_id'] : undefined;
  },

  /** Everyone with a channel on: one GSI query, run only when a reminder time has been reached. */
  async listSubscribers(): Promise<ReminderSubscription[]> {
    const items = await queryAll<Record<string, unknown>>({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.reminderSubscribersPartition },
    });
    return items.map((item) => fromItem<ReminderSubscription>(item));
  },

  /**
   * The subscribers whose ids lie in [from, to] (a batch's range): the GSI listing is ordered by
   * user id, so a batch reads its own players, with the settings they have when it is sent.
   */
  async subscribersBetween(from: string, to: string): Promise<ReminderSubscription[]> {
    const items = await queryAll<Record<string, unknown>>({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': keys.reminderSubscribersPartition, ':from': from, ':to': to },
    });
    return items.map((item) => fromItem<ReminderSubscription>(item));
  },

  /** The e-mail subscribers of each reminder time, as the last planning pass counted them. */
  async subscriberCounts(): Promise<SubscriberCounts | undefined> {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.reminderSubscriberCounts }),
    );
    return Item ? (fromItem<SubscriberCounts & { entity: string }>(Item) as SubscriberCounts) : undefined;
  },

  async setSubscriberCounts(counts: SubscriberCounts): Promise<void> {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.reminderSubscriberCounts, entity: 'reminder_counts', ...counts },
      }),
    );
  },

  /** Records that a round's reminder time was planned; false when it already was. */
  async markPlanned(gameGlobalId: string, round: number, hours: ReminderHours, now: Date): Promise<boolean> {
    return conditionHeld(
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.reminderPlan(gameGlobalId, round, hours),
            entity: 'reminder_plan',
            planned_at: now.toISOString(),
            expiresAt: Math.floor(now.getTime() / 1000) + sentTtlSeconds,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      ),
    );
  },

  async isPlanned(gameGlobalId: string, round: number, hours: ReminderHours): Promise<boolean> {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.reminderPlan(gameGlobalId, round, hours) }),
    );
    return Item !== undefined;
  },

  /** Claims one message before it is sent; false when it was already claimed (sent once only). */
  async claimMessage(
    message: {
      gameGlobalId: string;
      round: number;
      userId: string;
      hours: ReminderHours;
      channel: ReminderChannel;
    },
    now: Date,
  ): Promise<boolean> {
    return conditionHeld(
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...sentKey(message.gameGlobalId, message.round, message.userId, message.hours, message.channel),
            entity: 'reminder_sent',
            sent_at: now.toISOString(),
            expiresAt: Math.floor(now.getTime() / 1000) + sentTtlSeconds,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      ),
    );
  },

  /** Gives a claim back when the message could not be sent, so the next run tries again. */
  async releaseMessage(message: {
    gameGlobalId: string;
    round: number;
    userId: string;
    hours: ReminderHours;
    channel: ReminderChannel;
  }): Promise<void> {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: sentKey(message.gameGlobalId, message.round, message.userId, message.hours, message.channel),
      }),
    );
  },

  async lastRun(): Promise<string | null> {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: lastRunKey }));
    return typeof Item?.['at'] === 'string' ? Item['at'] : null;
  },

  async setLastRun(at: string): Promise<void> {
    await db().send(
      new PutCommand({ TableName: tableName(), Item: { ...lastRunKey, entity: 'reminder_job', at } }),
    );
  },
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  reminderItems: { write: ['REMINDER_UNSUBSCRIBE#', 'USER#'] },
  reminderRepository: {
    get: { read: ['USER#'] },
    put: { write: ['REMINDER_UNSUBSCRIBE#', 'USER#'] },
    unsubscribe: { write: ['REMINDER_UNSUBSCRIBE#', 'USER#'] },
    remove: { write: ['REMINDER_UNSUBSCRIBE#', 'USER#'] },
    userOfToken: { read: ['REMINDER_UNSUBSCRIBE#'] },
    listSubscribers: { index: ['REMINDER_SUBSCRIBERS'] },
    subscribersBetween: { index: ['REMINDER_SUBSCRIBERS'] },
    subscriberCounts: { read: ['REMINDER_JOB'] },
    setSubscriberCounts: { write: ['REMINDER_JOB'] },
    markPlanned: { write: ['REMINDER_JOB'] },
    isPlanned: { read: ['REMINDER_JOB'] },
    claimMessage: { write: ['REMINDER_SENT#'] },
    releaseMessage: { write: ['REMINDER_SENT#'] },
    lastRun: { read: ['REMINDER_JOB'] },
    setLastRun: { write: ['REMINDER_JOB'] },
  },
} satisfies TableUse<{ reminderRepository: typeof reminderRepository; reminderItems: typeof reminderItems }>;
