import { DeleteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  conditionHeld,
  failedAt,
  isTransactionClash,
  retryingClashes,
  transactWrite,
  type TransactItems,
} from '../conditions';
import type { PrizeKind } from '@golf/shared/schemas/prize';
import { batchGetAll } from '../batch-get';
import { batchWriteAll } from '../batch-write';
import { db, tableName } from '../client';
import { fromItem } from '../item';
import { keys } from '../keys';
import type { TableUse } from '../table-use';

export interface PrizeDrawRecord {
  prize_id: string;
  game_global_id: string | null;
  seed: string;
  drawn_at: string;
  drawn_by: string;
  /** In prize order (rank prizes) or lottery order (entry prizes). */
  winners: string[];
}

export interface PrizeWinRecord {
  user_id: string;
  prize_id: string;
  kind: PrizeKind;
  won_at: string;
  claim_email: string | null;
  claimed_at: string | null;
}

export const prizeDrawRepository = {
  async getPrizeDraw(prizeId: string): Promise<PrizeDrawRecord | null> {
    const { Item } = await db().send(
      // Strongly consistent: a draw, a retire and a claim decide on the draw as last committed.
      new GetCommand({ TableName: tableName(), Key: keys.prizeDraw(prizeId), ConsistentRead: true }),
    );
    return Item ? fromItem<PrizeDrawRecord>(Item) : null;
  },

  async getPrizeWin(userId: string, prizeId: string): Promise<PrizeWinRecord | null> {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.prizeWin(userId, prizeId), ConsistentRead: true }),
    );
    return Item ? fromItem<PrizeWinRecord>(Item) : null;
  },

  /**
   * The wins of one prize by the given users, by user id (one BatchGetItem per 100 users; strongly
   * consistent, so a redraw sees every claim written before it took the draw lock).
   */
  async getPrizeWinsOf(prizeId: string, userIds: readonly string[]): Promise<Map<string, PrizeWinRecord>> {
    const items = await batchGetAll(
      userIds.map((userId) => keys.prizeWin(userId, prizeId)),
      { consistentRead: true },
    );
    return new Map(items.map((item) => fromItem<PrizeWinRecord>(item)).map((win) => [win.user_id, win]));
  },

  async listPrizeWins(userId: string): Promise<PrizeWinRecord[]> {
    const { PK, SKPrefix } = keys.prizeWinPrefix(userId);
    const { Items = [] } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': PK, ':prefix': SKPrefix },
      }),
    );
    return Items.map((item) => fromItem<PrizeWinRecord>(item));
  },

  /**
   * Writes the winners' items of draws about to be committed (`commitDraws`), each with its draw's
   * instant. Until the draw item names a winner, the item means nothing: every reader takes a
   * prize's winners from its draw item. Claimed wins are never overwritten: the caller holds the
   * scope's draw lock and refuses a redraw once anyone has claimed.
   */
  async putWins(draws: ReadonlyArray<{ draw: PrizeDrawRecord; kind: PrizeKind }>): Promise<void> {
    await batchWriteAll(
      draws.flatMap(({ draw, kind }) =>
        draw.winners.map((userId) => ({
          ...keys.prizeWin(userId, draw.prize_id),
          entity: 'prize_win',
          ...({
            user_id: userId,
            prize_id: draw.prize_id,
            kind,
            won_at: draw.drawn_at,
            claim_email: null,
            claimed_at: null,
          } satisfies PrizeWinRecord),
        })),
      ),
    );
  },

  /** Writes the draw items in one transaction with `also` (its guards, its audit): false when one refused. */
  async commitDraws(draws: readonly PrizeDrawRecord[], also: TransactItems): Promise<boolean> {
    const items = [
      ...draws.map((draw) => ({
        Put: {
          TableName: tableName(),
          Item: { ...keys.prizeDraw(draw.prize_id), entity: 'prize_draw', ...draw },
        },
      })),
      ...also,
    ];
    // A claim or a retire refused meanwhile may clash with it for a moment: it is sent again.
    const refused = await retryingClashes(() =>
      transactWrite(items, (error) => {
        if (isTransactionClash(error)) throw error;
        return true;
      }),
    );
    return refused === null;
  },

  /** Removes the wins of users a draw no longer names (never a claimed one). */
  async removeWins(prizeId: string, userIds: readonly string[]): Promise<void> {
    for (const userId of userIds)
      await conditionHeld(
        db().send(
          new DeleteCommand({
            TableName: tableName(),
            Key: keys.prizeWin(userId, prizeId),
            ConditionExpression: 'claimed_at = :null',
            ExpressionAttributeValues: { ':null': null },
          }),
        ),
      );
  },

  /**
   * Records the claim once, with `also` (no draw under way): null when written, else what refused
   * it: `win` (no such win, claimed already, drawn again since it was read, or past `deadline`),
   * `draw` (the prize's draw no longer names the user), `also`.
   */
  async claimPrizeWin(
    userId: string,
    prizeId: string,
    claim: { email: string; at: string; wonAt: string; deadline: string },
    also: TransactItems,
  ): Promise<'win' | 'draw' | 'also' | null> {
    if (claim.at >= claim.deadline) return 'win';
    return transactWrite(
      [
        {
          Update: {
            TableName: tableName(),
            Key: keys.prizeWin(userId, prizeId),
            UpdateExpression: 'SET claim_email = :email, claimed_at = :at',
            // The win read is the one claimed: a re-draw (a new won_at) in between refuses it.
            ConditionExpression: 'attribute_exists(PK) AND claimed_at = :null AND won_at = :wonAt',
            ExpressionAttributeValues: {
              ':email': claim.email,
              ':at': claim.at,
              ':null': null,
              ':wonAt': claim.wonAt,
            },
          },
        },
        {
          ConditionCheck: {
            TableName: tableName(),
            Key: keys.prizeDraw(prizeId),
            ConditionExpression: 'contains(winners, :user)',
            ExpressionAttributeValues: { ':user': userId },
          },
        },
        ...also,
      ],
      (error) => (failedAt(error, 0) ? 'win' : failedAt(error, 1) ? 'draw' : 'also'),
    );
  },
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  prizeDrawRepository: {
    getPrizeDraw: { read: ['PRIZE#'] },
    getPrizeWin: { read: ['USER#'] },
    getPrizeWinsOf: { read: ['USER#'] },
    listPrizeWins: { read: ['USER#'] },
    putWins: { write: ['USER#'] },
    commitDraws: { write: ['PRIZE#'] },
    removeWins: { write: ['USER#'] },
    claimPrizeWin: { read: ['PRIZE#'], write: ['USER#'] },
  },
} satisfies TableUse<{ prizeDrawRepository: typeof prizeDrawRepository }>;
