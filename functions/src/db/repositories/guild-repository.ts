import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionHeld, failedAt, transactionHeld, transactWrite, putNew } from '../conditions';
import type { GamePost } from '@golf/shared/game/guild-posts';
import { type MembershipPeriod, pastMembershipsAfter } from '@golf/shared/game/guild-membership';
import type { MemberRole } from '@golf/shared/schemas/guild';
import { GUILD_MAX_MEMBERS } from '@golf/shared/schemas/values/guild';
import { batchGetAll } from '../batch-get';
import { db, tableName } from '../client';
import { fromItem } from '../item';
import { keys } from '../keys';
import { rateLimitRepository } from './rate-limit-repository';
import { userRepository } from './user-repository';
import { queryAll } from '../query-all';
import type { TableUse } from '../table-use';

export interface GuildRecord {
  guild_id: string;
  name: string;
  comment: string;
  entry_type: 1 | 2;
  is_public: boolean;
  image_key: string | null;
  image_type: number;
  owner_id: string;
  join_code: string;
  /** Moved only in the transactions that add or remove a member item. */
  member_count: number;
  created_at: string;
  updated_at: string;
}

export interface GuildMemberRecord {
  guild_id: string;
  user_id: string;
  role: MemberRole;
  joined_at: string;
}

/** A user's past memberships (docs/data-model.md, guild history), oldest first. */
interface GuildHistoryRecord {
  user_id: string;
  past: MembershipPeriod[];
  /** Moved on every write: a leave writes the list it read, only if no other leave wrote since. */
  version: number;
}

export interface ChatMessageRecord {
  guild_id: string;
  message_id: string;
  /** The member who wrote it; null on the game's posts (the text is then made from `game_post`). */
  user_id: string | null;
  message: string;
  posted_at: string;
  game_post?: GamePost;
}

export const guildItem = (record: GuildRecord) => ({
  ...keys.guild(record.guild_id),
  ...(record.is_public ? keys.guildListing(record.created_at, record.guild_id) : {}),
  ...keys.guildJoinCode(record.join_code),
  entity: 'guild',
  ...record,
});

export const guildMemberItem = (record: GuildMemberRecord) => ({
  ...keys.guildMember(record.guild_id, record.user_id),
  entity: 'guild_member',
  ...record,
});

export const guildMembershipItem = (record: GuildMemberRecord) => ({
  ...keys.guildMembership(record.user_id),
  entity: 'guild_membership',
  guild_id: record.guild_id,
  joined_at: record.joined_at,
});

const guildHistoryItem = (record: GuildHistoryRecord) => ({
  ...keys.guildHistory(record.user_id),
  entity: 'guild_history',
  ...record,
});

export const chatMessageItem = (record: ChatMessageRecord) => ({
  ...keys.guildChatMessage(record.guild_id, record.message_id),
  entity: 'guild_chat_message',
  ...record,
});

/** Why a guarded guild write was refused; the service turns each into its answer. */
export type MembershipRefusal =
  | 'guild_missing'
  | 'guild_full'
  | 'not_joinable'
  | 'already_in_a_guild'
  | 'not_member'
  | 'not_owner'
  | 'conflict';

/** A transaction's Delete of a member item. */
const deleteMember = (guildId: string, userId: string) => ({
  Delete: {
    TableName: tableName(),
    Key: keys.guildMember(guildId, userId),
    ConditionExpression: 'attribute_exists(PK)',
  },
});

/** A stored period's time: absent or not a string on an old item = not known. */
const instantOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * A transaction's write of the user's past memberships with the one he is ending now (in this guild,
 * from his lock's join time), only if no other leave wrote them since they were read. A lock that no
 * longer names the guild fails the transaction's lock release anyway.
 */
async function endMembership(guildId: string, userId: string, leftAt: Date) {
  const [lock, history] = await Promise.all([
    db().send(
      new GetCommand({ TableName: tableName(), Key: keys.guildMembership(userId), ConsistentRead: true }),
    ),
    db().send(
      new GetCommand({ TableName: tableName(), Key: keys.guildHistory(userId), ConsistentRead: true }),
    ),
  ]);
  const stored = history.Item ? fromItem<GuildHistoryRecord>(history.Item) : undefined;
  const ended: MembershipPeriod = {
    guild_id: guildId,
    joined_at: lock.Item?.['guild_id'] === guildId ? instantOrNull(lock.Item['joined_at']) : null,
    left_at: leftAt.toISOString(),
  };
  const version = stored?.version ?? 0;
  return {
    Put: {
      TableName: tableName(),
      Item: guildHistoryItem({
        user_id: userId,
        past: pastMembershipsAfter(stored?.past ?? [], ended, leftAt),
        version: version + 1,
      }),
      ConditionExpression: stored ? 'version = :version' : 'attribute_not_exists(PK)',
      ...(stored ? { ExpressionAttributeValues: { ':version': version } } : {}),
    },
  };
}

/** A transaction's Delete of the user's guild lock, only while it names this guild. */
const releaseLock = (guildId: string, userId: string) => ({
  Delete: {
    TableName: tableName(),
    Key: keys.guildMembership(userId),
    ConditionExpression: 'guild_id = :guild',
    ExpressionAttributeValues: { ':guild': guildId },
  },
});

export const guildRepository = {
  async get(guildId: string, consistent = true): Promise<GuildRecord | undefined> {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.guild(guildId), ConsistentRead: consistent }),
    );
    return Item ? fromItem<GuildRecord>(Item) : undefined;
  },

  /** These guilds, read in batches; ids of guilds no longer stored are left out. */
  async getMany(guildIds: readonly string[]): Promise<GuildRecord[]> {
    const items = await batchGetAll(guildIds.map((id) => keys.guild(id)));
    return items.map((item) => fromItem<GuildRecord>(item));
  },

  /**
   * Each of these users' memberships, past and current (the lock's, open), read in batches; users
   * never in a guild since past memberships were kept are left out.
   */
  async membershipsOf(userIds: readonly string[]): Promise<Map<string, MembershipPeriod[]>> {
    const userOf = new Map(userIds.map((id) => [keys.guildMembership(id).PK, id]));
    const items = await batchGetAll(
      userIds.flatMap((id) => [keys.guildHistory(id), keys.guildMembership(id)]),
    );
    const periods = new Map<string, MembershipPeriod[]>();
    const add = (item: Record<string, unknown>, ...found: MembershipPeriod[]) => {
      const userId = userOf.get(String(item['PK']))!;
      periods.set(userId, [...(periods.get(userId) ?? []), ...found]);
    };
    // The past ones first, then the open one, whichever order the batch answered in.
    for (const item of items)
      if (item['entity'] === 'guild_history') add(item, ...fromItem<GuildHistoryRecord>(item).past);
    for (const item of items)
      if (item['entity'] === 'guild_membership')
        add(item, {
          guild_id: String(item['guild_id']),
          joined_at: instantOrNull(item['joined_at']),
          left_at: null,
        });
    return periods;
  },

  async getMembership(userId: string): Promise<{ guild_id: string; joined_at: string } | undefined> {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.guildMembership(userId), ConsistentRead: true }),
    );
    return Item ? { guild_id: String(Item['guild_id']), joined_at: String(Item['joined_at']) } : undefined;
  },

  async getMember(guildId: string, userId: string): Promise<GuildMemberRecord | undefined> {
    const { Item } = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.guildMember(guildId, userId),
        ConsistentRead: true,
      }),
    );
    return Item ? fromItem<GuildMemberRecord>(Item) : undefined;
  },

  /** Members, longest-standing first. */
  async listMembers(guildId: string): Promise<GuildMemberRecord[]> {
    const prefix = keys.guildMemberPrefix(guildId);
    const items = await queryAll<Record<string, unknown>>({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': prefix.PK, ':sk': prefix.SKPrefix },
      ConsistentRead: true,
    });
    return items
      .map((item) => fromItem<GuildMemberRecord>(item))
      .sort((a, b) => a.joined_at.localeCompare(b.joined_at) || a.user_id.localeCompare(b.user_id));
  },

  async listPublic(): Promise<GuildRecord[]> {
    const items = await queryAll<Record<string, unknown>>({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.guildListingPartition },
      ScanIndexForward: false,
    });
    return items.map((item) => fromItem<GuildRecord>(item));
  },

  async findByCode(code: string): Promise<GuildRecord | undefined> {
    const index = keys.guildJoinCode(code);
    const { Items } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK = :sk',
        ExpressionAttributeValues: { ':pk': index.GSI2PK, ':sk': index.GSI2SK },
      }),
    );
    return Items?.[0] ? fromItem<GuildRecord>(Items[0]) : undefined;
  },

  /** The guild, its owner's member item and the owner's lock, in one transaction. */
  async create(guild: GuildRecord): Promise<MembershipRefusal | null> {
    const owner: GuildMemberRecord = {
      guild_id: guild.guild_id,
      user_id: guild.owner_id,
      role: 'owner',
      joined_at: guild.created_at,
    };
    return transactWrite(
      [
        putNew(guildMembershipItem(owner)),
        putNew(guildItem({ ...guild, member_count: 1 })),
        { Put: { TableName: tableName(), Item: guildMemberItem(owner) } },
      ],
      (error) => {
        return failedAt(error, 0) ? 'already_in_a_guild' : 'conflict';
      },
    );
  },

  /**
   * Adds a member: the guild's counter (condition `member_count < 50`, and the entry rule), the
   * user's membership lock (must not exist) and the member item move together or not at all.
   */
  async join(
    guildId: string,
    userId: string,
    joinedAt: string,
    rule: { entryType: 1 } | { code: string },
  ): Promise<MembershipRefusal | null> {
    const member: GuildMemberRecord = {
      guild_id: guildId,
      user_id: userId,
      role: 'member',
      joined_at: joinedAt,
    };
    // Joining by id is for listed guilds open to anyone; an unlisted guild is joined with its code.
    const ruleCondition = 'code' in rule ? 'join_code = :code' : 'entry_type = :open AND is_public = :listed';
    return transactWrite(
      [
        {
          Update: {
            TableName: tableName(),
            Key: keys.guild(guildId),
            UpdateExpression: 'SET member_count = member_count + :one',
            ConditionExpression: `attribute_exists(PK) AND member_count < :max AND ${ruleCondition}`,
            ExpressionAttributeValues: {
              ':one': 1,
              ':max': GUILD_MAX_MEMBERS,
              ...('code' in rule ? { ':code': rule.code } : { ':open': 1, ':listed': true }),
            },
          },
        },
        putNew(guildMembershipItem(member)),
        putNew(guildMemberItem(member)),
      ],
      async (error) => {
        if (failedAt(error, 1) || failedAt(error, 2)) return 'already_in_a_guild';
        if (failedAt(error, 0)) {
          const guild = await this.get(guildId);
          if (!guild) return 'guild_missing';
          if (guild.member_count >= GUILD_MAX_MEMBERS) return 'guild_full';
          const ruleHolds =
            'code' in rule ? guild.join_code === rule.code : guild.entry_type === 1 && guild.is_public;
          // Full a moment ago and freed since: worth another try.
          return ruleHolds ? 'conflict' : 'not_joinable';
        }
        return 'conflict';
      },
    );
  },

  /**
   * Removes a member (leave or kick): member item, lock, counter and his past memberships together.
   * `ownerId` set = a kick, which also checks that the caller still owns the guild.
   */
  async removeMember(
    guildId: string,
    userId: string,
    leftAt: Date,
    ownerId?: string,
  ): Promise<MembershipRefusal | null> {
    const history = await endMembership(guildId, userId, leftAt);
    return transactWrite(
      [
        {
          Update: {
            TableName: tableName(),
            Key: keys.guild(guildId),
            UpdateExpression: 'SET member_count = member_count - :one',
            ConditionExpression: ownerId
              ? 'attribute_exists(PK) AND owner_id = :owner'
              : 'attribute_exists(PK) AND owner_id <> :user',
            ExpressionAttributeValues: {
              ':one': 1,
              ...(ownerId ? { ':owner': ownerId } : { ':user': userId }),
            },
          },
        },
        {
          Delete: {
            TableName: tableName(),
            Key: keys.guildMember(guildId, userId),
            ConditionExpression: 'attribute_exists(PK) AND #role = :member',
            ExpressionAttributeNames: { '#role': 'role' },
            ExpressionAttributeValues: { ':member': 'member' },
          },
        },
        releaseLock(guildId, userId),
        history,
      ],
      (error) => {
        if (failedAt(error, 0)) return ownerId ? 'not_owner' : 'conflict';
        if (failedAt(error, 1) || failedAt(error, 2)) return 'not_member';
        return 'conflict';
      },
    );
  },

  /** The owner leaves: `successorId` (already a member) becomes the owner in the same transaction. */
  async handOver(guildId: string, ownerId: string, successorId: string, leftAt: Date): Promise<boolean> {
    const history = await endMembership(guildId, ownerId, leftAt);
    return transactionHeld([
      {
        Update: {
          TableName: tableName(),
          Key: keys.guild(guildId),
          UpdateExpression: 'SET member_count = member_count - :one, owner_id = :successor',
          ConditionExpression: 'owner_id = :owner AND member_count > :one',
          ExpressionAttributeValues: { ':one': 1, ':owner': ownerId, ':successor': successorId },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: keys.guildMember(guildId, successorId),
          UpdateExpression: 'SET #role = :owner',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: { ':owner': 'owner' },
        },
      },
      deleteMember(guildId, ownerId),
      releaseLock(guildId, ownerId),
      history,
    ]);
  },

  /** The owner leaves alone: the guild closes (its item, the member item and the lock go). */
  async close(guildId: string, ownerId: string, leftAt: Date): Promise<boolean> {
    const history = await endMembership(guildId, ownerId, leftAt);
    return transactionHeld([
      {
        Delete: {
          TableName: tableName(),
          Key: keys.guild(guildId),
          ConditionExpression: 'owner_id = :owner AND member_count = :one',
          ExpressionAttributeValues: { ':owner': ownerId, ':one': 1 },
        },
      },
      deleteMember(guildId, ownerId),
      releaseLock(guildId, ownerId),
      history,
    ]);
  },

  /** Settings and image of a guild, only while `ownerId` owns it; false when it does not. */
  async updateSettings(
    guildId: string,
    ownerId: string,
    changes: Pick<
      GuildRecord,
      'name' | 'comment' | 'entry_type' | 'is_public' | 'image_key' | 'image_type' | 'updated_at'
    >,
    createdAt: string,
  ): Promise<boolean> {
    const listing = keys.guildListing(createdAt, guildId);
    return conditionHeld(
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.guild(guildId),
          UpdateExpression:
            'SET #name = :name, #comment = :comment, entry_type = :entry, is_public = :public, image_key = :imageKey, ' +
            'image_type = :imageType, updated_at = :updated' +
            (changes.is_public ? ', GSI1PK = :gpk, GSI1SK = :gsk' : ' REMOVE GSI1PK, GSI1SK'),
          ConditionExpression: 'attribute_exists(PK) AND owner_id = :owner',
          ExpressionAttributeNames: { '#name': 'name', '#comment': 'comment' },
          ExpressionAttributeValues: {
            ':name': changes.name,
            ':comment': changes.comment,
            ':entry': changes.entry_type,
            ':public': changes.is_public,
            ':imageKey': changes.image_key,
            ':imageType': changes.image_type,
            ':updated': changes.updated_at,
            ':owner': ownerId,
            ...(changes.is_public ? { ':gpk': listing.GSI1PK, ':gsk': listing.GSI1SK } : {}),
          },
        }),
      ),
    );
  },

  async setJoinCode(guildId: string, ownerId: string, code: string): Promise<boolean> {
    const index = keys.guildJoinCode(code);
    return conditionHeld(
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.guild(guildId),
          UpdateExpression: 'SET join_code = :code, GSI2PK = :gpk, GSI2SK = :gsk',
          ConditionExpression: 'attribute_exists(PK) AND owner_id = :owner',
          ExpressionAttributeValues: {
            ':code': code,
            ':gpk': index.GSI2PK,
            ':gsk': index.GSI2SK,
            ':owner': ownerId,
          },
        }),
      ),
    );
  },

  /** Posts a message; false when the poster is not (or no longer) a member. */
  async putChatMessage(record: ChatMessageRecord & { user_id: string }): Promise<boolean> {
    return conditionHeld(
      db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              // Membership is checked in the write: a member kicked a moment ago cannot post.
              ConditionCheck: {
                TableName: tableName(),
                Key: keys.guildMember(record.guild_id, record.user_id),
                ConditionExpression: 'attribute_exists(PK)',
              },
            },
            putNew(chatMessageItem(record)),
          ],
        }),
      ),
    );
  },

  /** Newest first; `after` is the last sort key of the previous page. */
  async listChat(
    guildId: string,
    limit: number,
    after?: string,
  ): Promise<{ messages: ChatMessageRecord[]; lastKey: string | null }> {
    const partition = keys.guildChatPartition(guildId);
    const { Items, LastEvaluatedKey } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': partition },
        ScanIndexForward: false,
        Limit: limit,
        ExclusiveStartKey: after ? { PK: partition, SK: after } : undefined,
      }),
    );
    const messages = (Items ?? []).map((item) => fromItem<ChatMessageRecord>(item));
    return { messages, lastKey: LastEvaluatedKey ? String(LastEvaluatedKey['SK']) : null };
  },

  /** Nicknames and profile images: the user profile is read by the user repository only. */
  profiles: (userIds: readonly string[]) => userRepository.profilesOf(userIds),

  /**
   * Counts one action in a fixed window (the counter item expires by TTL); false once `limit`
   * actions were counted in the window.
   */
  async countAction(
    action: string,
    userId: string,
    windowSeconds: number,
    limit: number,
    now: Date,
  ): Promise<boolean> {
    return (await rateLimitRepository.countAttempt(action, userId, windowSeconds, limit, now)) === null;
  },
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  guildItem: { write: ['GUILD#'] },
  guildMemberItem: { write: ['GUILD#'] },
  guildMembershipItem: { write: ['USER#'] },
  chatMessageItem: { write: ['GUILD_CHAT#'] },
  guildRepository: {
    get: { read: ['GUILD#'] },
    getMany: { read: ['GUILD#'] },
    membershipsOf: { read: ['USER#'] },
    getMembership: { read: ['USER#'] },
    getMember: { read: ['GUILD#'] },
    listMembers: { read: ['GUILD#'] },
    listPublic: { index: ['GUILDS#PUBLIC'] },
    findByCode: { index: ['GUILD_CODE#'] },
    create: { write: ['GUILD#', 'USER#'] },
    join: { write: ['GUILD#', 'USER#'] },
    removeMember: { write: ['GUILD#', 'USER#'] },
    handOver: { write: ['GUILD#', 'USER#'] },
    close: { write: ['GUILD#', 'USER#'] },
    updateSettings: { write: ['GUILD#'] },
    setJoinCode: { write: ['GUILD#'] },
    putChatMessage: { read: ['GUILD#'], write: ['GUILD_CHAT#'] },
    listChat: { read: ['GUILD_CHAT#'] },
    profiles: { read: ['USER#'] },
    countAction: { write: ['RATE#'] },
  },
} satisfies TableUse<{
  guildRepository: typeof guildRepository;
  guildItem: typeof guildItem;
  guildMemberItem: typeof guildMemberItem;
  guildMembershipItem: typeof guildMembershipItem;
  chatMessageItem: typeof chatMessageItem;
}>;
