import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { FieldEntryRecord, TournamentRecord } from '@golf/shared/schedule/tournament-record';
import type { AuditRecord } from '@golf/shared/schemas/game';
import type { PickRecord } from '@golf/shared/game/personal-ranking';
import { batchWriteAll } from '../batch-write';
import { db, tableName } from '../client';
import { fromItem } from '../item';
import { keys } from '../keys';
import { queryAll } from '../query-all';
import { fieldEntryItem, tournamentItem } from './tournament-repository';

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

/**
 * The tournament item; an unpublished one (`published: false`, staged by operators) is left out of
 * the GSI1 listing, so the schedule and the current tournament do not see it until it is published.
 */
export function storedTournamentItem(record: TournamentRecord & { published?: boolean }) {
  const { GSI1PK: _pk, GSI1SK: _sk, ...unlisted } = tournamentItem(record);
  return record.published === false ? unlisted : tournamentItem(record);
}

export const auditItem = (record: AuditRecord) => ({
  ...keys.audit(record.game_global_id, record.at, record.id),
  entity: 'audit',
  ...record,
});

/** The transaction item that writes an audit record once (its id is a ULID). */
const auditPut = (audit: AuditRecord) => ({
  Put: { TableName: tableName(), Item: auditItem(audit), ConditionExpression: 'attribute_not_exists(PK)' },
});

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

  async writeFieldEntries(entries: FieldEntryRecord[]): Promise<void> {
    await batchWriteAll(entries.map(fieldEntryItem));
  },

  async putTournament(record: TournamentRecord): Promise<void> {
    await db().send(new PutCommand({ TableName: tableName(), Item: storedTournamentItem(record) }));
  },

  /** Writes the tournament (and optionally one field entry) together with its audit record. */
  async putTournamentWithAudit(
    record: TournamentRecord,
    audit: AuditRecord,
    entry?: FieldEntryRecord,
  ): Promise<void> {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: storedTournamentItem(record) } },
          ...(entry ? [{ Put: { TableName: tableName(), Item: fieldEntryItem(entry) } }] : []),
          auditPut(audit),
        ],
      }),
    );
  },

  /** Writes one field entry (a status change by an operator) together with its audit record. */
  async putFieldEntryWithAudit(entry: FieldEntryRecord, audit: AuditRecord): Promise<void> {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [{ Put: { TableName: tableName(), Item: fieldEntryItem(entry) } }, auditPut(audit)],
      }),
    );
  },

  async listAudit(gameGlobalId: string): Promise<AuditRecord[]> {
    const items = await queryAll<Record<string, unknown>>({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.auditPartition(gameGlobalId) },
    });
    return items.map((item) => fromItem<AuditRecord>(item));
  },

  /** Marks a round's teams settled at its deadline, touching nothing else of the tournament item. */
  async markRoundSettled(gameGlobalId: string, round: number, atIso: string): Promise<void> {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.tournament(gameGlobalId),
        UpdateExpression: `SET #rounds[${round - 1}].#settled = :at`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#rounds': 'rounds', '#settled': 'settled_at' },
        ExpressionAttributeValues: { ':at': atIso },
      }),
    );
  },
};
