import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionHeld } from '../conditions';
import type { PrizeKind } from '@golf/shared/schemas/prize';
import { batchGetAll } from '../batch-get';
import { batchWriteAll } from '../batch-write';
import { db, tableName } from '../client';
import { fromItem } from '../item';
import { keys } from '../keys';

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
      new GetCommand({ TableName: tableName(), Key: keys.prizeDraw(prizeId) }),
    );
    return Item ? fromItem<PrizeDrawRecord>(Item) : null;
  },

  async getPrizeWin(userId: string, prizeId: string): Promise<PrizeWinRecord | null> {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.prizeWin(userId, prizeId) }),
    );
    return Item ? fromItem<PrizeWinRecord>(Item) : null;
  },

  /** The wins of one prize by the given users, by user id (one BatchGetItem per 100 users). */
  async getPrizeWinsOf(prizeId: string, userIds: readonly string[]): Promise<Map<string, PrizeWinRecord>> {
    const items = await batchGetAll(userIds.map((userId) => keys.prizeWin(userId, prizeId)));
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
   * Replaces a prize's draw: the new winners' items, the removal of earlier winners who did not win
   * again, then the draw item (last, so it names only winners already written). Claimed wins are
   * never removed here: the caller refuses a redraw once anyone has claimed.
   */
  async replacePrizeDraw(
    draw: PrizeDrawRecord,
    kind: PrizeKind,
    previousWinners: readonly string[],
  ): Promise<void> {
    const winners = new Set(draw.winners);
    await batchWriteAll(
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
    );
    for (const userId of previousWinners.filter((id) => !winners.has(id)))
      await db().send(
        new DeleteCommand({ TableName: tableName(), Key: keys.prizeWin(userId, draw.prize_id) }),
      );
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.prizeDraw(draw.prize_id), entity: 'prize_draw', ...draw },
      }),
    );
  },

  /** Records the claim once: false when the win does not exist or was already claimed. */
  async claimPrizeWin(
    userId: string,
    prizeId: string,
    email: string,
    at: string,
    wonAt: string,
    deadline: string,
  ): Promise<boolean> {
    if (at >= deadline) return false;
    return conditionHeld(
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.prizeWin(userId, prizeId),
          UpdateExpression: 'SET claim_email = :email, claimed_at = :at',
          // The win read is the one claimed: a re-draw (a new won_at) in between refuses it.
          ConditionExpression: 'attribute_exists(PK) AND claimed_at = :null AND won_at = :wonAt',
          ExpressionAttributeValues: { ':email': email, ':at': at, ':null': null, ':wonAt': wonAt },
        }),
      ),
    );
  },
};
