import {
  GetCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { FieldEntryRecord, TournamentRecord } from '@golf/shared/schedule/tournament-record';
import type { AuditRecord } from '@golf/shared/schemas/game';
import { batchWriteAll } from '../batch-write';
import { db, tableName } from '../client';
import { fromItem } from '../item';
import { keys } from '../keys';
import { queryAll } from '../query-all';
import { clearReadCaches } from '../../lib/read-cache';
import { hostTimeMs } from '../../lib/clock';
import { auditPut } from './audit-repository';
import { leaseRepository } from './lease-repository';
import {
  ROUNDS,
  roundGateItems,
  roundGateRepository,
  roundsOfRecordChange,
  roundsOfStatusChange,
} from './round-gate-repository';
import { failedAt, transactionHeld, transactWrite } from '../conditions';
import type { TableUse } from '../table-use';

/** The condition that a field entry still holds the status, status log and rounds it was read with. */
const unchanged = (expected: FieldEntryRecord) => ({
  ConditionExpression: `#status = :status AND #rounds = :rounds AND ${
    expected.status_log ? '#log = :log' : 'attribute_not_exists(#log)'
  }`,
  ExpressionAttributeNames: { '#status': 'status', '#rounds': 'rounds', '#log': 'status_log' },
  ExpressionAttributeValues: {
    ':status': expected.status,
    ':rounds': expected.rounds,
    ...(expected.status_log && { ':log': expected.status_log }),
  },
});

/**
 * The condition that the tournament item still holds the rounds and cancellation it was read with:
 * an operator action never writes back a round another action changed meanwhile.
 */
const roundsUnchanged = (readAs: TournamentRecord) => ({
  ConditionExpression: '#rounds = :rounds AND #cancelled = :cancelled',
  ExpressionAttributeNames: { '#rounds': 'rounds', '#cancelled': 'cancelled' },
  ExpressionAttributeValues: { ':rounds': readAs.rounds, ':cancelled': readAs.cancelled },
});

/** Why an operator action's write was refused: what changed since it was read. */
export type TournamentWriteRefusal = 'tournament_changed' | 'entry_changed';

/** One more write of an operator's action's transaction (the task of its change records). */
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Longer than any writer of field entries lives (a Lambda function's longest timeout, 15 minutes). */
const FIELD_WRITE_MS = 15 * 60_000;

const get = async (gameGlobalId: string, options: { consistent?: boolean } = {}) => {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.tournament(gameGlobalId),
      ...(options.consistent && { ConsistentRead: true }),
    }),
  );
  return Item ? fromItem<TournamentRecord>(Item) : undefined;
};

const field = async (gameGlobalId: string, options: { consistent?: boolean } = {}) => {
  const { PK, SKPrefix } = keys.fieldPrefix(gameGlobalId);
  const items = await queryAll<Record<string, unknown>>({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': PK, ':sk': SKPrefix },
    ...(options.consistent && { ConsistentRead: true }),
  });
  return items.map((item) => fromItem<FieldEntryRecord>(item));
};

/**
 * Brings every shard of these rounds' gates in step with the tournament and its field
 * (docs/adr/0020-round-gates-by-shard.md): raises each round's gate version first, then reads both
 * strongly consistent, so the gates it writes hold every change stored before the raise, and a
 * writer that raised later (and so read later) keeps the shards it wrote.
 */
async function syncRoundGates(gameGlobalId: string, rounds: readonly number[] = ROUNDS): Promise<void> {
  if (!rounds.length) return;
  const versions = await Promise.all(rounds.map((round) => roundGateRepository.next(gameGlobalId, round)));
  const [record, entries] = await Promise.all([
    get(gameGlobalId, { consistent: true }),
    field(gameGlobalId, { consistent: true }),
  ]);
  if (!record) return;
  await Promise.all(
    rounds.map(async (round, i) => {
      await roundGateRepository.write(record, entries, round, versions[i]!);
      await roundGateRepository.written(gameGlobalId, round, versions[i]!);
    }),
  );
}

/** The rounds whose gate a write of the record and of one entry changes. */
const roundsChanged = (
  record: TournamentRecord,
  before: TournamentRecord | undefined,
  entry?: FieldEntryRecord,
  entryBefore?: FieldEntryRecord,
) => [
  ...new Set([
    ...roundsOfRecordChange(before, record),
    ...(entry ? roundsOfStatusChange(entryBefore?.status, entry.status) : []),
  ]),
];

const raiseAll = (gameGlobalId: string, rounds: readonly number[]) =>
  rounds.map((round) => roundGateRepository.raise(gameGlobalId, round));

export const tournamentRepository = {
  async list(): Promise<TournamentRecord[]> {
    const items = await queryAll<Record<string, unknown>>({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.tournamentListing('', '').GSI1PK },
    });
    return items.map((item) => fromItem<TournamentRecord>(item));
  },

  /** The tournament (`consistent`: a strongly consistent read). */
  get,

  /** The tournament's field (`consistent`: a strongly consistent read). */
  field,

  syncRoundGates,

  /**
   * Writes field entries in batches, outside any transaction, then the gates of the rounds whose
   * gate a changed status changes (against the entries as stored just before). While the batches
   * run those gates count as behind, so that the scheduled repair writes them should this writer
   * die before it does.
   */
  async writeFieldEntries(entries: FieldEntryRecord[]): Promise<void> {
    const games = new Map<string, number[]>();
    for (const gameGlobalId of new Set(entries.map((entry) => entry.game_global_id))) {
      const stored = new Map(
        (await field(gameGlobalId, { consistent: true })).map((entry) => [entry.player_id, entry.status]),
      );
      const rounds = new Set(
        entries
          .filter((entry) => entry.game_global_id === gameGlobalId)
          .flatMap((entry) => roundsOfStatusChange(stored.get(entry.player_id), entry.status)),
      );
      if (rounds.size) games.set(gameGlobalId, [...rounds].sort());
    }
    const until = new Date(hostTimeMs() + FIELD_WRITE_MS).toISOString();
    for (const [gameGlobalId, rounds] of games)
      await roundGateRepository.changing(gameGlobalId, rounds, until);
    await batchWriteAll(entries.map(fieldEntryItem));
    // This instance's copies of the tournament are stale now (others' expire within seconds).
    clearReadCaches();
    for (const [gameGlobalId, rounds] of games) {
      await roundGateRepository.changed(gameGlobalId, rounds);
      await syncRoundGates(gameGlobalId, rounds);
    }
  },

  /**
   * Writes the tournament over the one stored (read again just before, and written only while it is
   * still that one), then the gates of the rounds whose deadline it moves.
   */
  async put(record: TournamentRecord & { published?: boolean }): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const stored = await get(record.game_global_id, { consistent: true });
      const rounds = roundsChanged(record, stored);
      const written = await transactionHeld([
        {
          Put: {
            TableName: tableName(),
            Item: storedTournamentItem(record),
            ...(stored ? roundsUnchanged(stored) : { ConditionExpression: 'attribute_not_exists(PK)' }),
          },
        },
        ...raiseAll(record.game_global_id, rounds),
      ]);
      if (written) {
        clearReadCaches();
        await syncRoundGates(record.game_global_id, rounds);
        return;
      }
      if (attempt === 5) throw new Error(`tournament ${record.game_global_id} kept changing while written`);
    }
  },

  /**
   * Writes the tournament (and optionally one field entry) together with its audit record, and
   * `also` in the same transaction, then the gates of the rounds the write changes. The write holds
   * only while the stored tournament's rounds and cancellation are still those of `readAs` (the
   * record the action started from), and, given `expectedEntry` (the entry as read), while the
   * stored entry's status, status log and rounds are still those: otherwise nothing is written and
   * the answer says which one changed since.
   */
  async putWithAudit(
    record: TournamentRecord,
    audit: AuditRecord,
    options: {
      readAs: TournamentRecord;
      entry?: FieldEntryRecord;
      expectedEntry?: FieldEntryRecord;
      also?: readonly TransactItem[];
    },
  ): Promise<TournamentWriteRefusal | null> {
    const rounds = roundsChanged(record, options.readAs, options.entry, options.expectedEntry);
    const refusal = await transactWrite(
      [
        {
          Put: {
            TableName: tableName(),
            Item: storedTournamentItem(record),
            ...roundsUnchanged(options.readAs),
          },
        },
        ...(options.entry
          ? [
              {
                Put: {
                  TableName: tableName(),
                  Item: fieldEntryItem(options.entry),
                  ...(options.expectedEntry && unchanged(options.expectedEntry)),
                },
              },
            ]
          : []),
        auditPut(audit),
        ...(options.also ?? []),
        ...raiseAll(record.game_global_id, rounds),
      ],
      (error): TournamentWriteRefusal => {
        if (failedAt(error, 0)) return 'tournament_changed';
        if (options.expectedEntry && failedAt(error, 1)) return 'entry_changed';
        throw error;
      },
    );
    clearReadCaches();
    if (refusal === null) await syncRoundGates(record.game_global_id, rounds);
    return refusal;
  },

  /**
   * Writes one field entry (a status change by an operator) together with its audit record and
   * `also`, then every round's gate.
   */
  async putFieldEntryWithAudit(
    entry: FieldEntryRecord,
    audit: AuditRecord,
    also: readonly TransactItem[] = [],
  ): Promise<void> {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: fieldEntryItem(entry) } },
          auditPut(audit),
          ...also,
          ...raiseAll(entry.game_global_id, ROUNDS),
        ],
      }),
    );
    clearReadCaches();
    await syncRoundGates(entry.game_global_id);
  },

  /** Takes the tournament's import lease for `owner`: null while another owner holds it. */
  acquireImportLease: (gameGlobalId: string, owner: string, now: Date, forMs: number) =>
    leaseRepository.acquire(keys.importLease(gameGlobalId), 'import_lease', owner, now, forMs),

  releaseImportLease: (gameGlobalId: string, owner: string) =>
    leaseRepository.release(keys.importLease(gameGlobalId), owner),

  /**
   * Marks a round's teams settled at its deadline with how many teams that leaves, touching nothing
   * else of the tournament item. Without `teams` (teams written outside a settlement) the count goes.
   */
  async markRoundSettled(gameGlobalId: string, round: number, atIso: string, teams?: number): Promise<void> {
    const at = `#rounds[${round - 1}]`;
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.tournament(gameGlobalId),
        UpdateExpression:
          teams === undefined
            ? `SET ${at}.#settled = :at REMOVE ${at}.#teams`
            : `SET ${at}.#settled = :at, ${at}.#teams = :teams`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: {
          '#rounds': 'rounds',
          '#settled': 'settled_at',
          '#teams': 'settled_teams',
        },
        ExpressionAttributeValues: { ':at': atIso, ...(teams === undefined ? {} : { ':teams': teams }) },
      }),
    );
    clearReadCaches();
  },
};

const tournamentItem = (record: TournamentRecord) => ({
  ...keys.tournament(record.game_global_id),
  ...keys.tournamentListing(record.start_on, record.game_global_id),
  entity: 'tournament',
  ...record,
});

export const fieldEntryItem = (record: FieldEntryRecord) => ({
  ...keys.fieldEntry(record.game_global_id, record.player_id),
  entity: 'field_entry',
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

/**
 * Every item a tournament record is stored as, for items written whole (the sample season, test
 * fixtures): the tournament and its round gates, from the record and its field.
 */
export const storedTournamentItems = (
  record: TournamentRecord & { published?: boolean },
  entries: readonly FieldEntryRecord[],
) => [storedTournamentItem(record), ...roundGateItems(record, entries)];

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  tournamentRepository: {
    list: { index: ['TOURNAMENTS'] },
    get: { read: ['TOURNAMENT#'] },
    field: { read: ['TOURNAMENT#'] },
    syncRoundGates: { write: ['ROUNDLOCK#', 'TOURNAMENT#'] },
    writeFieldEntries: { write: ['ROUNDLOCK#', 'TOURNAMENT#'] },
    put: { write: ['ROUNDLOCK#', 'TOURNAMENT#'] },
    putWithAudit: { write: ['AUDIT#', 'ROUNDLOCK#', 'TOURNAMENT#'] },
    putFieldEntryWithAudit: { write: ['AUDIT#', 'ROUNDLOCK#', 'TOURNAMENT#'] },
    acquireImportLease: { write: ['TOURNAMENT#'] },
    releaseImportLease: { write: ['TOURNAMENT#'] },
    markRoundSettled: { write: ['TOURNAMENT#'] },
  },
  fieldEntryItem: { write: ['TOURNAMENT#'] },
  storedTournamentItem: { write: ['TOURNAMENT#'] },
  storedTournamentItems: { write: ['ROUNDLOCK#', 'TOURNAMENT#'] },
} satisfies TableUse<{
  tournamentRepository: typeof tournamentRepository;
  fieldEntryItem: typeof fieldEntryItem;
  storedTournamentItem: typeof storedTournamentItem;
  storedTournamentItems: typeof storedTournamentItems;
}>;
