/**
 * The round gates (docs/data-model.md, docs/adr/0020-round-gates-by-shard.md): for each round,
 * `SAVE_SHARDS` copies of what a team save checks, the round's deadline and the players who cannot be
 * newly picked for it. The tournament and its field stay the source of truth; a round's gate is
 * written from them after each change of what it says, every shard unless a later version of that
 * round's gate is there already.
 */
import { createHash } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { statusIneligibility } from '@golf/shared/game/player-status';
import type { FieldEntryRecord, TournamentRecord } from '@golf/shared/schedule/tournament-record';
import type { PlayerStatus } from '@golf/shared/schemas/schedule';
import { batchGetAll } from '../batch-get';
import { db, tableName } from '../client';
import { conditionHeld, retryingClashes } from '../conditions';
import { fromItem } from '../item';
import { keys, SAVE_SHARDS } from '../keys';
import type { TableUse } from '../table-use';

export const ROUNDS = [1, 2, 3, 4] as const;

/**
 * How a gate names a player: 7 characters (42 bits of the SHA-256 of the id) whatever the id's
 * length, so a round 3 gate listing a whole missed cut stays under 1 KB. Two players of one field
 * sharing a mark (about one chance in 10^9) would refuse the eligible one, never let anyone through.
 */
export const gateMark = (playerId: string) =>
  createHash('sha256').update(playerId).digest('base64url').slice(0, 7);

/** Whether a player of this status is in the round's gate (a player not in the field counts as active). */
const refusedIn = (status: PlayerStatus | undefined, round: number) =>
  status !== undefined && statusIneligibility(status, round) !== null;

/** The rounds whose gate a player's change of status changes. */
export const roundsOfStatusChange = (before: PlayerStatus | undefined, after: PlayerStatus | undefined) =>
  ROUNDS.filter((round) => refusedIn(before, round) !== refusedIn(after, round));

/** The rounds whose gate a change of the tournament record changes (their deadline moved). */
export const roundsOfRecordChange = (before: TournamentRecord | undefined, after: TournamentRecord) =>
  ROUNDS.filter((round) => before?.rounds[round - 1]?.deadline_at !== after.rounds[round - 1]?.deadline_at);

/** One round's gate item in every shard, at `version`. */
const shardItems = (
  record: TournamentRecord,
  field: readonly FieldEntryRecord[],
  round: number,
  version: number,
) => {
  const ineligible = field
    .filter((entry) => refusedIn(entry.status, round))
    .map((entry) => gateMark(entry.player_id))
    .sort();
  return Array.from({ length: SAVE_SHARDS }, (_, shard) => ({
    ...keys.roundGate(record.game_global_id, round, shard),
    entity: 'round_gate',
    deadline_at: record.rounds[round - 1]!.deadline_at,
    gate_version: version,
    // DynamoDB keeps no empty set: without the attribute nobody is refused.
    ...(ineligible.length ? { ineligible: new Set(ineligible) } : {}),
  }));
};

/** A tournament's gates as first stored (version 1), for items written whole (the sample season, test fixtures). */
export const roundGateItems = (record: TournamentRecord, field: readonly FieldEntryRecord[]) =>
  ROUNDS.flatMap((round) => [
    {
      ...keys.roundGateVersion(record.game_global_id, round),
      entity: 'round_gate_version',
      game_global_id: record.game_global_id,
      round,
      gate_version: 1,
      gate_written: 1,
    },
    ...shardItems(record, field, round, 1),
  ]);

/** Where one round's gate stands. */
export interface RoundGateVersion {
  game_global_id: string;
  round: number;
  /** Raised by every change of what the gate says, and by every writing of it. */
  gate_version: number;
  /** The highest version the whole gate was written at. */
  gate_written?: number;
  /** Batches of field entries under way that change the gate (written outside any transaction)... */
  changing?: number;
  /** ...and when the last one started would be over, were it still alive (host time). */
  changing_until?: string;
}

/** A batch of field entries that should have ended by now and never did. */
export const abandonedBatch = (version: RoundGateVersion, hostNowIso: string): boolean =>
  (version.changing ?? 0) > 0 && (version.changing_until ?? '') < hostNowIso;

/**
 * Whether a writer left the gate behind: a version raised and never written (it died between its
 * write and the gate's), or a batch of field entries that never ended.
 */
export const gateBehind = (version: RoundGateVersion | undefined, hostNowIso: string): boolean =>
  !version || (version.gate_written ?? 0) < version.gate_version || abandonedBatch(version, hostNowIso);

/**
 * Shards written at once: a round's 64 in 8 round trips, well under a second against DynamoDB, and
 * few enough connections that the writer does not crowd out the saves beside it (a local table, which
 * serves one request at a time, resets connections when dozens wait at once).
 */
const SHARD_WRITES_IN_FLIGHT = 8;

/** An update of a round gate's version item, which it creates when absent. */
const versionUpdate = (
  gameGlobalId: string,
  round: number,
  change: { set?: string; add?: string },
  values: Record<string, unknown> = {},
) => ({
  TableName: tableName(),
  Key: keys.roundGateVersion(gameGlobalId, round),
  UpdateExpression: [
    `SET game_global_id = :id, #round = :round, entity = :entity${change.set ? `, ${change.set}` : ''}`,
    change.add ? `ADD ${change.add}` : '',
  ].join(' '),
  ExpressionAttributeNames: { '#round': 'round' },
  ExpressionAttributeValues: {
    ':id': gameGlobalId,
    ':round': round,
    ':entity': 'round_gate_version',
    ...values,
  },
});

/** The same update of several rounds' version items. */
const updateEach = async (
  gameGlobalId: string,
  rounds: readonly number[],
  change: { set?: string; add?: string },
  values: Record<string, unknown>,
): Promise<void> => {
  await Promise.all(
    rounds.map((round) => db().send(new UpdateCommand(versionUpdate(gameGlobalId, round, change, values)))),
  );
};

/** The gate as a refused save's transaction answered it (`ALL_OLD`: the item in its raw form). */
export const refusingGate = (item: Record<string, AttributeValue> | undefined) => ({
  deadline_at: item?.['deadline_at']?.S,
  ineligible: new Set(item?.['ineligible']?.SS ?? []),
});

export const roundGateRepository = {
  /** The raise of a round's gate version as an item of a transaction: the gate lags until written again. */
  raise: (gameGlobalId: string, round: number) => ({
    Update: versionUpdate(gameGlobalId, round, { add: 'gate_version :one' }, { ':one': 1 }),
  }),

  /** Raises a round's gate version and answers it. */
  async next(gameGlobalId: string, round: number): Promise<number> {
    const { Attributes } = await db().send(
      new UpdateCommand({
        ...versionUpdate(gameGlobalId, round, { add: 'gate_version :one' }, { ':one': 1 }),
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Attributes!['gate_version'] as number;
  },

  /**
   * Writes every shard of a round's gate at `version`, a shard at a later version left as it is (a
   * writer that read the tournament later wrote it), each shard on its own so that one refusal
   * stops no other.
   */
  async write(
    record: TournamentRecord,
    field: readonly FieldEntryRecord[],
    round: number,
    version: number,
  ): Promise<void> {
    const items = shardItems(record, field, round, version);
    let next = 0;
    const lane = async () => {
      while (next < items.length) {
        const Item = items[next++]!;
        // A save's transaction checking the shard at that instant makes the put wait a moment.
        await retryingClashes(() =>
          conditionHeld(
            db().send(
              new PutCommand({
                TableName: tableName(),
                Item,
                ConditionExpression: 'attribute_not_exists(gate_version) OR gate_version < :version',
                ExpressionAttributeValues: { ':version': version },
              }),
            ),
          ),
        );
      }
    };
    await Promise.all(Array.from({ length: SHARD_WRITES_IN_FLIGHT }, lane));
  },

  /** Records that every shard of a round's gate holds `version` or a later one. */
  async written(gameGlobalId: string, round: number, version: number): Promise<void> {
    await conditionHeld(
      db().send(
        new UpdateCommand({
          ...versionUpdate(gameGlobalId, round, { set: 'gate_written = :version' }, { ':version': version }),
          ConditionExpression: 'attribute_not_exists(gate_written) OR gate_written < :version',
        }),
      ),
    );
  },

  /** A batch of field entries changing these rounds' gates starts: until it ends, or `until` passes, they count as behind. */
  changing: (gameGlobalId: string, rounds: readonly number[], until: string) =>
    updateEach(
      gameGlobalId,
      rounds,
      { set: 'changing_until = :until', add: 'changing :one' },
      {
        ':until': until,
        ':one': 1,
      },
    ),

  /** The batch ended: the version rises with it, so the gates lag until they are written next. */
  changed: (gameGlobalId: string, rounds: readonly number[]) =>
    updateEach(
      gameGlobalId,
      rounds,
      { add: 'changing :minus, gate_version :one' },
      {
        ':minus': -1,
        ':one': 1,
      },
    ),

  /** Forgets the batches `seen` found abandoned, once the gate was written after them, unless another started since. */
  async forgetAbandoned(seen: RoundGateVersion): Promise<void> {
    await conditionHeld(
      db().send(
        new UpdateCommand({
          ...versionUpdate(
            seen.game_global_id,
            seen.round,
            { set: 'changing = :none' },
            { ':none': 0, ':seen': seen.changing, ':until': seen.changing_until },
          ),
          ConditionExpression: 'changing = :seen AND changing_until = :until',
        }),
      ),
    );
  },

  /** Where each round gate of these tournaments stands; a gate never written is left out. */
  async versions(gameGlobalIds: readonly string[]): Promise<RoundGateVersion[]> {
    const items = await batchGetAll(
      gameGlobalIds.flatMap((id) => ROUNDS.map((round) => keys.roundGateVersion(id, round))),
      { consistentRead: true },
    );
    return items.map((item) => fromItem<RoundGateVersion>(item));
  },
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  roundGateItems: { write: ['ROUNDLOCK#', 'TOURNAMENT#'] },
  roundGateRepository: {
    raise: { write: ['TOURNAMENT#'] },
    next: { write: ['TOURNAMENT#'] },
    write: { write: ['ROUNDLOCK#'] },
    written: { write: ['TOURNAMENT#'] },
    changing: { write: ['TOURNAMENT#'] },
    changed: { write: ['TOURNAMENT#'] },
    forgetAbandoned: { write: ['TOURNAMENT#'] },
    versions: { read: ['TOURNAMENT#'] },
  },
} satisfies TableUse<{
  roundGateRepository: typeof roundGateRepository;
  roundGateItems: typeof roundGateItems;
}>;
