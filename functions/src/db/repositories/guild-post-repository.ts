/**
 * The game's posts in guild chats. Each post is written in one transaction with its marker, an item
 * at a key fixed by what the post is about, under a condition on the marker: a second save, a job
 * run again or a second publish of the same results finds the marker and writes nothing.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { GamePost } from '@golf/shared/game/guild-posts';
import { batchGetAll } from '../batch-get';
import { db, tableName } from '../client';
import { transactionHeld } from '../conditions';
import { keys } from '../keys';
import { chatMessageItem, type ChatMessageRecord } from './guild-repository';
import type { TableUse } from '../table-use';

/** Markers outlive any round they are about (saves stop at its deadline; results are final by then). */
const MARKER_TTL_SECONDS = 60 * 24 * 3600;

const teamMarker = (gameGlobalId: string, round: number, userId: string) =>
  `TEAM#${gameGlobalId}#R${round}#${userId}`;
const resultMarker = (gameGlobalId: string, round: number) => `RESULT#${gameGlobalId}#R${round}`;

const expiresAt = (now: Date) => Math.floor(now.getTime() / 1000) + MARKER_TTL_SECONDS;

/** The game's post as a chat item: no member wrote it, its text is made from `game_post` when read. */
const gamePostItem = (guildId: string, messageId: string, post: GamePost, now: Date) =>
  chatMessageItem({
    guild_id: guildId,
    message_id: messageId,
    user_id: null,
    message: '',
    posted_at: now.toISOString(),
    game_post: post,
  } satisfies ChatMessageRecord);

/** The result a guild was last told for a round. */
export interface PostedResult {
  average: number;
  rank: number;
}

export const guildPostRepository = {
  /** How many team posts the game wrote for this member and round in this guild (0, 1 or 2). */
  async teamPostsWritten(guildId: string, gameGlobalId: string, round: number, userId: string) {
    const { Item } = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.guildGamePost(guildId, teamMarker(gameGlobalId, round, userId)),
        ConsistentRead: true,
      }),
    );
    return Item ? Number(Item['posts']) : 0;
  },

  /**
   * A team post about a member: written only while the member belongs to the guild and only if the
   * game has written exactly `written` team posts for them and the round (else false, nothing written).
   */
  async putTeamPost(input: {
    guildId: string;
    messageId: string;
    post: Extract<GamePost, { member_id: string }>;
    gameGlobalId: string;
    written: number;
    now: Date;
  }): Promise<boolean> {
    const { guildId, post } = input;
    return transactionHeld([
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: keys.guildMember(guildId, post.member_id),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.guildGamePost(guildId, teamMarker(input.gameGlobalId, post.round, post.member_id)),
            entity: 'guild_game_post',
            posts: input.written + 1,
            expiresAt: expiresAt(input.now),
          },
          ...(input.written === 0
            ? { ConditionExpression: 'attribute_not_exists(PK)' }
            : {
                ConditionExpression: '#posts = :written',
                ExpressionAttributeNames: { '#posts': 'posts' },
                ExpressionAttributeValues: { ':written': input.written },
              }),
        },
      },
      { Put: { TableName: tableName(), Item: gamePostItem(guildId, input.messageId, post, input.now) } },
    ]);
  },

  /** The result each guild was last told for a round (guilds never told are left out). */
  async postedResults(
    guildIds: readonly string[],
    gameGlobalId: string,
    round: number,
  ): Promise<Map<string, PostedResult>> {
    const items = await batchGetAll(
      guildIds.map((guildId) => keys.guildGamePost(guildId, resultMarker(gameGlobalId, round))),
    );
    return new Map(
      items.map((item) => [
        String(item['PK']).slice('GUILD#'.length),
        { average: Number(item['average']), rank: Number(item['rank']) },
      ]),
    );
  },

  /**
   * A round's result post in a guild that still exists: only if the guild was last told `told`
   * (null: never), so a job run twice posts a result once. False when it was not written.
   */
  async putResultPost(input: {
    guildId: string;
    messageId: string;
    post: Extract<GamePost, { kind: 'round_result' }>;
    gameGlobalId: string;
    told: PostedResult | null;
    now: Date;
  }): Promise<boolean> {
    const { guildId, post, told } = input;
    return transactionHeld([
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: keys.guild(guildId),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.guildGamePost(guildId, resultMarker(input.gameGlobalId, post.round)),
            entity: 'guild_game_post',
            average: post.average,
            rank: post.rank,
            expiresAt: expiresAt(input.now),
          },
          ...(told === null
            ? { ConditionExpression: 'attribute_not_exists(PK)' }
            : {
                ConditionExpression: '#average = :average AND #rank = :rank',
                ExpressionAttributeNames: { '#average': 'average', '#rank': 'rank' },
                ExpressionAttributeValues: { ':average': told.average, ':rank': told.rank },
              }),
        },
      },
      { Put: { TableName: tableName(), Item: gamePostItem(guildId, input.messageId, post, input.now) } },
    ]);
  },

  /** The digest of the guild board a round's result posts were last written from. */
  async resultPostsDigest(gameGlobalId: string, round: number): Promise<string | null> {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.guildResultPostsRun(gameGlobalId, round) }),
    );
    return Item ? String(Item['digest']) : null;
  },

  async putResultPostsDigest(gameGlobalId: string, round: number, digest: string, now: Date): Promise<void> {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.guildResultPostsRun(gameGlobalId, round),
          entity: 'guild_result_posts_run',
          digest,
          written_at: now.toISOString(),
          expiresAt: expiresAt(now),
        },
      }),
    );
  },
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  guildPostRepository: {
    teamPostsWritten: { read: ['GUILD#'] },
    putTeamPost: { write: ['GUILD#', 'GUILD_CHAT#'] },
    postedResults: { read: ['GUILD#'] },
    putResultPost: { write: ['GUILD#', 'GUILD_CHAT#'] },
    resultPostsDigest: { read: ['GAMEPOSTS#'] },
    putResultPostsDigest: { write: ['GAMEPOSTS#'] },
  },
} satisfies TableUse<{ guildPostRepository: typeof guildPostRepository }>;
