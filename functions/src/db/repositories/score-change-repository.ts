/**
 * Why my score moved: one item per change of a player's round score (`USER#{id}` /
 * `SCORE_CHANGE#{game}#R{n}#{at}#{cause id}`), so a player's changes of a tournament, or of one
 * round, are one query. The key holds the cause's id: writing the same change again rewrites it.
 *
 * An operator's action does not write them itself (a round may have a million teams): it stores a
 * task with the action's audit record and the scoring state before and after it, in the same
 * transaction as the change, and the ranking job writes the records from the round's frozen teams.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { FieldEntryRecord, TournamentRecord } from '@golf/shared/schedule/tournament-record';
import type { ScoreChangeCause } from '@golf/shared/schemas/score-changes';
import type { AuditRecord, RoundScoreView } from '@golf/shared/schemas/game';
import { batchWriteAll } from '../batch-write';
import { db, tableName } from '../client';
import { fromItem } from '../item';
import { keys } from '../keys';
import { countAll, queryAll } from '../query-all';
import type { TableUse } from '../table-use';

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

const scoreChangeItem = (record: ScoreChangeRecord) => ({
  ...keys.scoreChange(record.user_id, record.game_global_id, record.round, record.at, record.id),
  entity: 'score_change',
  ...record,
});

export const scoreChangeRepository = {
  /** `concurrency`: BatchWriteItem calls in flight (the ranking job writes many at once). */
  async write(records: ScoreChangeRecord[], concurrency?: number): Promise<void> {
    if (records.length) await batchWriteAll(records.map(scoreChangeItem), concurrency ? { concurrency } : {});
  },

  /** A player's changes of a tournament (or of one round), oldest first. */
  async list(userId: string, gameGlobalId: string, round?: number): Promise<ScoreChangeRecord[]> {
    const { PK, SKPrefix } = keys.scoreChangePrefix(userId, gameGlobalId, round);
    const items = await queryAll<Record<string, unknown>>({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': PK, ':prefix': SKPrefix },
    });
    return items.map((item) => fromItem<ScoreChangeRecord>(item));
  },
};

/** A tournament as scoring reads it: its record (rounds, cut rule) and its field's results. */
export interface ScoringState {
  record: TournamentRecord;
  field: readonly FieldEntryRecord[];
}

/** An operator's action whose change records are still to be written by the ranking job. */
export interface ScoreChangeTask {
  game_global_id: string;
  audit: AuditRecord;
  /** The rounds whose scores the action may move: those locked when it was taken. */
  rounds: number[];
  before: ScoringState;
  after: ScoringState;
  /** Rounds whose records are written already (a run that stopped halfway goes on from there). */
  done?: number[];
}

/** The transaction item that stores a task beside the action's own change (written once). */
export const scoreChangeTaskPut = (task: ScoreChangeTask) => ({
  Put: {
    TableName: tableName(),
    Item: {
      ...keys.scoreChangeTask(task.game_global_id, task.audit.id),
      entity: 'score_change_task',
      game_global_id: task.game_global_id,
      audit_id: task.audit.id,
      // Two copies of the field: about 10 KB once compressed, far under an item's 400 KB.
      task: gzipSync(JSON.stringify(task)),
    },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

const taskQuery = (gameGlobalId: string) => ({
  TableName: tableName(),
  KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
  ExpressionAttributeValues: {
    ':pk': keys.rankingStalePartition,
    ':prefix': keys.scoreChangeTaskPrefix(gameGlobalId),
  },
});

/** The tasks the ranking job writes change records for. */
export const scoreChangeTaskRepository = {
  /** A tournament's tasks in the order the actions were taken (their ids are ULIDs). */
  async list(gameGlobalId: string): Promise<ScoreChangeTask[]> {
    const items = await queryAll<{ task: Uint8Array; done_rounds?: number[] }>({
      ...taskQuery(gameGlobalId),
      ConsistentRead: true,
    });
    return items.map((item) => ({
      ...(JSON.parse(gunzipSync(item.task).toString('utf8')) as ScoreChangeTask),
      done: item.done_rounds ?? [],
    }));
  },

  /** One round's records are written: a later run skips it. */
  async roundDone(task: ScoreChangeTask, round: number): Promise<void> {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.scoreChangeTask(task.game_global_id, task.audit.id),
        UpdateExpression: 'SET done_rounds = list_append(if_not_exists(done_rounds, :none), :round)',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':none': [], ':round': [round] },
      }),
    );
  },

  count: (gameGlobalId: string) => countAll(taskQuery(gameGlobalId)),

  /** Done: its records are written (a task done twice writes the same records again). */
  async remove(task: ScoreChangeTask): Promise<void> {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.scoreChangeTask(task.game_global_id, task.audit.id),
      }),
    );
  },
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  scoreChangeRepository: {
    write: { write: ['USER#'] },
    list: { read: ['USER#'] },
  },
  scoreChangeTaskPut: { write: ['RANKSTALE'] },
  scoreChangeTaskRepository: {
    list: { read: ['RANKSTALE'] },
    roundDone: { write: ['RANKSTALE'] },
    count: { read: ['RANKSTALE'] },
    remove: { write: ['RANKSTALE'] },
  },
} satisfies TableUse<{
  scoreChangeRepository: typeof scoreChangeRepository;
  scoreChangeTaskRepository: typeof scoreChangeTaskRepository;
  scoreChangeTaskPut: typeof scoreChangeTaskPut;
}>;
