/**
 * Why my score moved: one item per change of a player's round score (`USER#{id}` /
 * `SCORE_CHANGE#{game}#R{n}#{at}#{cause id}`), so a player's changes of a tournament, or of one
 * round, are one query. The key holds the cause's id: writing the same change again rewrites it.
 */
import type { ScoreChangeCause } from '@golf/shared/schemas/score-changes';
import type { RoundScoreView } from '@golf/shared/schemas/game';
import { batchWriteAll } from '../batch-write';
import { tableName } from '../client';
import { fromItem } from '../item';
import { queryAll } from '../query-all';

export interface ScoreChangeRecord {
  game_global_id: string;
  round: number;
  user_id: string;
  /** The audit record's id, or the settlement's (`settle-{deadline}`). */
  id: string;
  at: string;
  cause: ScoreChangeCause;
  reason: string | null;
  note: string;
  before: RoundScoreView | null;
  after: RoundScoreView | null;
  replaced: Array<{ slot: number; from: string | null; to: string }>;
}

const prefix = (gameGlobalId: string, round?: number) =>
  `SCORE_CHANGE#${gameGlobalId}#${round === undefined ? '' : `R${round}#`}`;

export const scoreChangeItem = (record: ScoreChangeRecord) => ({
  PK: `USER#${record.user_id}`,
  SK: `${prefix(record.game_global_id, record.round)}${record.at}#${record.id}`,
  entity: 'score_change',
  ...record,
});

export const scoreChangeRepository = {
  async write(records: ScoreChangeRecord[]): Promise<void> {
    if (records.length) await batchWriteAll(records.map(scoreChangeItem));
  },

  /** A player's changes of a tournament (or of one round), oldest first. */
  async list(userId: string, gameGlobalId: string, round?: number): Promise<ScoreChangeRecord[]> {
    const items = await queryAll<Record<string, unknown>>({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': prefix(gameGlobalId, round) },
    });
    return items.map((item) => fromItem<ScoreChangeRecord>(item));
  },
};
