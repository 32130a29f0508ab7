import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { PickRecord } from '@golf/shared/game/personal-ranking';
import { batchWriteAll } from '../batch-write';
import { db, tableName } from '../client';
import { fromItem } from '../item';
import { keys } from '../keys';
import { queryAll } from '../query-all';

/** A team's computed round score, rewritten whenever that round's results change. */
export interface TeamScoreRecord {
  game_global_id: string;
  round: number;
  user_id: string;
  kind: 'scored' | 'pending' | 'cancelled';
  score: number | null;
  provisional: boolean;
  player_ids: string[];
  /** Per pick, slot order: the score that counted (null while pending). */
  pick_scores: Array<number | null>;
  birdies: number;
  eagles: number;
  under_par_picks: number;
  /**
   * Per pick, slot order, what personal rankings 4-7 read: the player's real to-par (null unless he
   * completed the round), his birdies and eagles that round (0 unless completed), and whether he
   * made the cut (null while not known).
   */
  picks: PickRecord[];
  last_saved_at: string;
}

export const teamScoreItem = (record: TeamScoreRecord) => ({
  ...keys.teamScore(record.game_global_id, record.round, record.user_id),
  entity: 'team_score',
  ...record,
});

/** Team scores: each team's computed round score, rewritten whenever that round's results change. */
export const resultsRepository = {
  async listScores(gameGlobalId: string, round: number): Promise<TeamScoreRecord[]> {
    const items = await queryAll<Record<string, unknown>>({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.teamScorePartition(gameGlobalId, round) },
    });
    return items.map((item) => fromItem<TeamScoreRecord>(item));
  },

  async getScore(gameGlobalId: string, round: number, userId: string): Promise<TeamScoreRecord | undefined> {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.teamScore(gameGlobalId, round, userId) }),
    );
    return Item ? fromItem<TeamScoreRecord>(Item) : undefined;
  },

  async writeScores(records: TeamScoreRecord[]): Promise<void> {
    await batchWriteAll(records.map(teamScoreItem));
  },
};
