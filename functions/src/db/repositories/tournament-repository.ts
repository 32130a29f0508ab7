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
import { auditPut } from './audit-repository';
import { leaseRepository } from './lease-repository';
import { failedAt, transactWrite } from '../conditions';

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

  async get(gameGlobalId: string): Promise<TournamentRecord | undefined> {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.tournament(gameGlobalId) }),
    );
    return Item ? fromItem<TournamentRecord>(Item) : undefined;
  },

  async field(gameGlobalId: string): Promise<FieldEntryRecord[]> {
    const { PK, SKPrefix } = keys.fieldPrefix(gameGlobalId);
    const items = await queryAll<Record<string, unknown>>({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': PK, ':sk': SKPrefix },
    });
    return items.map((item) => fromItem<FieldEntryRecord>(item));
  },

  async writeFieldEntries(entries: FieldEntryRecord[]): Promise<void> {
    await batchWriteAll(entries.map(fieldEntryItem));
    // This instance's copies of the tournament are stale now (others' expire within seconds).
    clearReadCaches();
  },

  async put(record: TournamentRecord): Promise<void> {
    // The tournament and its deadline locks change together.
    await db().send(new TransactWriteCommand({ TransactItems: putAll(storedTournamentItems(record)) }));
    clearReadCaches();
  },

  /**
   * Writes the tournament (and optionally one field entry) together with its audit record, and
   * `also` in the same transaction. The write holds only while the stored tournament's rounds and
   * cancellation are still those of `readAs` (the record the action started from), and, given
   * `expectedEntry` (the entry as read), while the stored entry's status, status log and rounds are
   * still those: otherwise nothing is written and the answer says which one changed since.
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
    const [tournament, ...locks] = putAll(storedTournamentItems(record));
    const refusal = await transactWrite(
      [
        { Put: { ...tournament!.Put, ...roundsUnchanged(options.readAs) } },
        ...locks,
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
      ],
      (error): TournamentWriteRefusal => {
        if (failedAt(error, 0)) return 'tournament_changed';
        if (options.expectedEntry && failedAt(error, 1 + locks.length)) return 'entry_changed';
        throw error;
      },
    );
    clearReadCaches();
    return refusal;
  },

  /** Writes one field entry (a status change by an operator) together with its audit record and `also`. */
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
        ],
      }),
    );
    clearReadCaches();
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

export const tournamentItem = (record: TournamentRecord) => ({
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
function storedTournamentItem(record: TournamentRecord & { published?: boolean }) {
  const { GSI1PK: _pk, GSI1SK: _sk, ...unlisted } = tournamentItem(record);
  return record.published === false ? unlisted : tournamentItem(record);
}

/**
 * Copies of each round's deadline that team saves check instead of the tournament item. In a
 * transaction a condition check costs write capacity (2 units per KB), and one item takes at most
 * 1,000 units per second: checked by every save, the 3 KB tournament item would cap a deadline
 * minute near 170 saves per second; a lock of under 1 KB in 4 shards allows about 2,000.
 */
export const ROUND_LOCK_SHARDS = 4;

export const roundLockItems = (record: TournamentRecord) =>
  record.rounds.flatMap((round) =>
    Array.from({ length: ROUND_LOCK_SHARDS }, (_, shard) => ({
      ...keys.roundLock(record.game_global_id, round.round, shard),
      entity: 'round_lock',
      deadline_at: round.deadline_at,
    })),
  );

/** Every item a tournament record is stored as: the tournament and its rounds' deadline locks. */
export const storedTournamentItems = (record: TournamentRecord & { published?: boolean }) => [
  storedTournamentItem(record),
  ...roundLockItems(record),
];

const putAll = (items: Array<Record<string, unknown>>) =>
  items.map((Item) => ({ Put: { TableName: tableName(), Item } }));
