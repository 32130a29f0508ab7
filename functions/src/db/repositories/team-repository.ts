import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TeamPick } from '@golf/shared/game/team';
import type { TeamSource } from '@golf/shared/schemas/game';
import { batchGetAll } from '../batch-get';
import { db, tableName } from '../client';
import { conditionHeld, failedAt, transactWrite } from '../conditions';
import { fromItem } from '../item';
import { keys, SAVE_SHARDS, saveShard } from '../keys';
import { gateMark, refusingGate } from './round-gate-repository';
import { countShards, queryShards } from '../query-all';
import type { TableUse } from '../table-use';

/** A user's team for one round as stored; `picks` holds 0-4 picks ordered by slot. */
export interface TeamRecord {
  game_global_id: string;
  round: number;
  user_id: string;
  picks: TeamPick[];
  source: TeamSource;
  last_saved_at: string;
  /** Bumped on every write: concurrent slot saves of one user cannot overwrite each other. */
  version: number;
  /** The pick the last removal took out: putting the same player back in its slot restores its AUTO mark. */
  removed?: TeamPick;
  /** The Idempotency-Key of the save that wrote it: that save sent again is answered without a write. */
  request_key?: string;
}

export const teamItem = (record: TeamRecord) => ({
  ...keys.team(record.game_global_id, record.round, record.user_id),
  entity: 'team',
  ...record,
});

/** The 64 partition keys of a round's teams (each team sits in its user's save shard). */
const roundPartitions = (gameGlobalId: string, round: number) =>
  Array.from({ length: SAVE_SHARDS }, (_, shard) => keys.teamPartition(gameGlobalId, round, shard));

/** The team as the next version, written only over the version it was read at (0 = no team yet). */
const versionedPut = (team: TeamRecord, expectedVersion: number) => ({
  Item: teamItem({ ...team, version: expectedVersion + 1 }),
  ConditionExpression: expectedVersion === 0 ? 'attribute_not_exists(PK)' : 'version = :version',
  ...(expectedVersion === 0 ? {} : { ExpressionAttributeValues: { ':version': expectedVersion } }),
});

/** A frozen round's teams in brief, written by the ranking job when it freezes them. */
export interface RoundTeamsSummary {
  game_global_id: string;
  round: number;
  /** The freeze it describes (`freezeStamp`): a summary of another stamp is out of date. */
  stamp: string;
  /** Teams with at least one pick. */
  teams: number;
  /** Every player those teams pick, once. */
  players: string[];
  /** holders[i]: how many of those teams pick players[i] (summaries written before it was kept lack it). */
  holders?: number[];
}

/** Why a guarded team write was refused. */
export type TeamWriteRefusal =
  | { kind: 'deadline_passed' }
  | { kind: 'player_ineligible'; playerId: string }
  | { kind: 'conflict' };

export const teamRepository = {
  async get(gameGlobalId: string, round: number, userId: string): Promise<TeamRecord | undefined> {
    const { Item } = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.team(gameGlobalId, round, userId),
        ConsistentRead: true,
      }),
    );
    return Item ? fromItem<TeamRecord>(Item) : undefined;
  },

  /** The user's teams for the given rounds of one tournament (`consistent`: strongly consistent reads). */
  async getRounds(
    gameGlobalId: string,
    rounds: readonly number[],
    userId: string,
    options: { consistent?: boolean } = {},
  ): Promise<Map<number, TeamRecord>> {
    const result = new Map<number, TeamRecord>();
    if (!rounds.length) return result;
    const items = await batchGetAll(
      rounds.map((round) => keys.team(gameGlobalId, round, userId)),
      options.consistent ? { consistentRead: true } : {},
    );
    for (const item of items) {
      const team = fromItem<TeamRecord>(item);
      result.set(team.round, team);
    }
    return result;
  },

  /** These users' teams for one round, by user id (users without a team are left out). */
  async getUsers(
    gameGlobalId: string,
    round: number,
    userIds: readonly string[],
  ): Promise<Map<string, TeamRecord>> {
    const items = await batchGetAll(userIds.map((userId) => keys.team(gameGlobalId, round, userId)));
    const teams = items.map((item) => fromItem<TeamRecord>(item));
    return new Map(teams.map((team) => [team.user_id, team]));
  },

  /** Every team of a round: its 64 partitions read to the end, shard after shard (user ids in order within each). */
  async listRound(gameGlobalId: string, round: number): Promise<TeamRecord[]> {
    const items = await queryShards<Record<string, unknown>>(roundPartitions(gameGlobalId, round), {
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: {},
    });
    return items.map((item) => fromItem<TeamRecord>(item));
  },

  async putSummary(summary: RoundTeamsSummary): Promise<void> {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.roundTeamsSummary(summary.game_global_id, summary.round),
          entity: 'round_teams_summary',
          ...summary,
        },
      }),
    );
  },

  async getSummary(gameGlobalId: string, round: number): Promise<RoundTeamsSummary | undefined> {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.roundTeamsSummary(gameGlobalId, round) }),
    );
    return Item ? fromItem<RoundTeamsSummary>(Item) : undefined;
  },

  /** How many teams a round has (COUNT queries of its 64 partitions: only the counts come back). */
  async countRound(gameGlobalId: string, round: number): Promise<number> {
    return countShards(roundPartitions(gameGlobalId, round), {
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: {},
    });
  },

  /** How many of a round's teams have at least one pick (COUNT queries: the items are read, not returned). */
  async countWithPicks(gameGlobalId: string, round: number): Promise<number> {
    return countShards(roundPartitions(gameGlobalId, round), {
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      FilterExpression: 'size(picks) > :none',
      ExpressionAttributeValues: { ':none': 0 },
    });
  },

  /** How many of a round's teams pick the player (COUNT queries over the team's 4 slots). */
  async countHolding(gameGlobalId: string, round: number, playerId: string): Promise<number> {
    return countShards(roundPartitions(gameGlobalId, round), {
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      FilterExpression: [0, 1, 2, 3].map((slot) => `picks[${slot}].player_id = :player`).join(' OR '),
      ExpressionAttributeValues: { ':player': playerId },
    });
  },

  /**
   * Writes a team unless someone wrote it since `expectedVersion` was read (0 = no team yet): false
   * when someone did (the settlement then looks again on its next run).
   */
  async putIfUnchanged(team: TeamRecord, expectedVersion: number): Promise<boolean> {
    return conditionHeld(
      db().send(new PutCommand({ TableName: tableName(), ...versionedPut(team, expectedVersion) })),
    );
  },

  /**
   * Writes a user's team in one transaction that also checks one item, the user's shard of the
   * round's gate (docs/data-model.md): that `nowIso` is still before the round's deadline (ISO
   * instants in UTC compare as strings), that no newly chosen player is among those who cannot be
   * picked for the round, and that nobody wrote the team since it was read (`expectedVersion`, 0 =
   * no team yet). A refusal tells which from the gate as the refusal found it.
   */
  async guardedPut(
    team: TeamRecord,
    options: { nowIso: string; newPlayerIds: string[]; expectedVersion: number },
  ): Promise<TeamWriteRefusal | null> {
    const { game_global_id: gameGlobalId, round } = team;
    const players = [...new Set(options.newPlayerIds)];
    const marks = players.map(gateMark);
    return transactWrite(
      [
        {
          ConditionCheck: {
            TableName: tableName(),
            Key: keys.roundGate(gameGlobalId, round, saveShard(team.user_id)),
            ConditionExpression: [
              'deadline_at > :now',
              ...marks.map((_, i) => `NOT contains(ineligible, :p${i})`),
            ].join(' AND '),
            ExpressionAttributeValues: {
              ':now': options.nowIso,
              ...Object.fromEntries(marks.map((mark, i) => [`:p${i}`, mark])),
            },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        { Put: { TableName: tableName(), ...versionedPut(team, options.expectedVersion) } },
      ],
      (error) => {
        if (!failedAt(error, 0)) return { kind: 'conflict' };
        const gate = refusingGate(error.CancellationReasons?.[0]?.Item);
        // A missing gate (or deadline) refuses as the deadline does, as a missing lock always did.
        if (gate.deadline_at === undefined || gate.deadline_at <= options.nowIso)
          return { kind: 'deadline_passed' };
        const refused = players.find((_, i) => gate.ineligible.has(marks[i]!));
        return refused === undefined
          ? { kind: 'conflict' }
          : { kind: 'player_ineligible', playerId: refused };
      },
    );
  },
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  teamItem: { write: ['TEAM#'] },
  teamRepository: {
    get: { read: ['TEAM#'] },
    getRounds: { read: ['TEAM#'] },
    getUsers: { read: ['TEAM#'] },
    listRound: { read: ['TEAM#'] },
    putSummary: { write: ['TEAMSUM#'] },
    getSummary: { read: ['TEAMSUM#'] },
    countRound: { read: ['TEAM#'] },
    countWithPicks: { read: ['TEAM#'] },
    countHolding: { read: ['TEAM#'] },
    putIfUnchanged: { write: ['TEAM#'] },
    guardedPut: { read: ['ROUNDLOCK#'], write: ['TEAM#'] },
  },
} satisfies TableUse<{ teamRepository: typeof teamRepository; teamItem: typeof teamItem }>;
