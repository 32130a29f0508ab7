import type { FieldEntryRecord, TournamentRecord } from '@golf/shared/schedule/tournament-record';
import type { PlayerStatus } from '@golf/shared/schemas/schedule';
import { rowVersion } from '@golf/shared/game/correction';
import { batchWriteAll } from '@golf/functions/db/batch-write';
import {
  fieldEntryItem,
  storedTournamentItems,
  tournamentRepository,
} from '@golf/functions/db/repositories/tournament-repository';
import { playerProfileItem } from '@golf/functions/db/repositories/player-repository';
import { teamItem, type TeamRecord } from '@golf/functions/db/repositories/team-repository';

const day = 24 * 3600 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A 12-player tournament around the real clock: rounds 1-2 played (final), their deadlines past;
 * rounds 3-4 open (deadlines half a day and a day and a half ahead). Players 10-12 are dq (from
 * round 3) / cut / wd (in round 2), each recorded before round 3's deadline.
 */
export function gameFixture(id: string) {
  const now = Date.now();
  const playerIds = Array.from({ length: 12 }, (_, i) => `${id}-p${String(i + 1).padStart(2, '0')}`);
  const statusOf = (index: number): PlayerStatus =>
    index === 9 ? 'dq' : index === 10 ? 'cut' : index === 11 ? 'wd' : 'active';
  const record: TournamentRecord = {
    game_global_id: id,
    season_id: 2099,
    tournament_name: `テスト大会 ${id}`,
    venue: 'テストCC',
    start_on: iso(now - 2 * day).slice(0, 10),
    end_on: iso(now + 2 * day).slice(0, 10),
    cancelled: false,
    rounds: [1, 2, 3, 4].map((round) => ({
      round,
      play_on: iso(now + (round - 3) * day).slice(0, 10),
      deadline_at: iso(now + (round - 3) * day + (round >= 3 ? day / 2 : -day / 2)),
      results: round <= 2 ? 'final' : 'none',
      cancelled: false,
      deadline_note: null,
    })) as TournamentRecord['rounds'],
  };
  const result = (toPar: number) => ({
    strokes: 72 + toPar,
    to_par: toPar,
    birdies: Math.max(0, 3 - toPar),
    eagles: 0,
    bogeys: Math.max(0, toPar),
    thru: 18,
    completed: true,
  });
  const field: FieldEntryRecord[] = playerIds.map((player_id, index) => ({
    game_global_id: id,
    player_id,
    name: `選手 ${index + 1}`,
    name_kana: `センシュ ${index + 1}`,
    country: 'JPN',
    world_rank: index + 1,
    is_amateur: false,
    status: statusOf(index),
    // Recorded hours after round 2's deadline, well before round 3's: the withdrawal in round 2, the
    // cut after it, and the disqualification from round 3 on.
    ...(statusOf(index) === 'active'
      ? {}
      : {
          status_log: [
            {
              status: statusOf(index),
              round: index === 9 ? 3 : 2,
              at: iso(now - 1.25 * day),
            },
          ],
        }),
    rounds: [result(index - 4), index === 11 ? null : result(4 - index), null, null],
  }));
  const profiles = field.map((entry, index) => ({
    player_id: entry.player_id,
    name: entry.name,
    name_kana: entry.name_kana,
    country: entry.country,
    is_amateur: false,
    world_rank: entry.world_rank,
    stats: {
      average_score: 70 + index * 0.3,
      driving_distance: 300 - index,
      fairway_rate: 60 + index,
      green_in_regulation_rate: 70 - index,
      average_putts: 1.75 + index * 0.005,
      scrambling_rate: 55,
      birdie_rate: 4 - index * 0.1,
      top10_count: 12 - index,
      earnings_yen: 1_000_000 * (12 - index),
    },
  }));
  return { id, record, field, playerIds, profiles };
}

export async function writeFixture(fixture: ReturnType<typeof gameFixture>, teams: TeamRecord[] = []) {
  await batchWriteAll([
    // Unpublished: test tournaments stay out of the schedule other tests read.
    ...storedTournamentItems({ ...fixture.record, published: false }, fixture.field),
    ...fixture.field.map(fieldEntryItem),
    ...fixture.profiles.map(playerProfileItem),
    ...teams.map(teamItem),
  ]);
}

export const team = (
  gameGlobalId: string,
  round: number,
  userId: string,
  playerIds: string[],
  overrides: Partial<TeamRecord> = {},
): TeamRecord => ({
  game_global_id: gameGlobalId,
  round,
  user_id: userId,
  picks: playerIds.map((player_id, i) => ({ slot: (i + 1) as 1 | 2 | 3 | 4, player_id, auto: false })),
  source: 'manual',
  last_saved_at: '2026-01-01T00:00:00.000Z',
  version: 1,
  ...overrides,
});

/** Rounds 3 and 4 of a fixture cancelled: with rounds 1 and 2 final, the tournament is over. */
export async function cancelLastRounds(gameGlobalId: string) {
  const record = (await tournamentRepository.get(gameGlobalId))!;
  await tournamentRepository.put({
    ...record,
    rounds: record.rounds.map((r) => (r.round >= 3 ? { ...r, cancelled: true } : r)) as typeof record.rounds,
  });
}

/** The version of a player's stored round, as a correction must send it (`base_version`). */
export async function versionOf(gameGlobalId: string, playerId: string, round: number): Promise<string> {
  const entry = (await tournamentRepository.field(gameGlobalId)).find((e) => e.player_id === playerId);
  if (!entry) throw new Error(`${playerId} is not in the field of ${gameGlobalId}`);
  return rowVersion(entry, round);
}

/** A finished tournament: rounds 1-2 final, rounds 3-4 cancelled (what a prize draw needs). */
export function finishedFixture(id: string) {
  const fixture = gameFixture(id);
  fixture.record.rounds = fixture.record.rounds.map((r) => ({
    ...r,
    results: r.round <= 2 ? 'final' : 'none',
    cancelled: r.round >= 3,
  })) as typeof fixture.record.rounds;
  return fixture;
}

/**
 * A tournament not yet started: the 12 players of `gameFixture`, all active with no results, every
 * round open, round r's deadline at `deadlineOf(r)` and its play three hours later.
 */
export function openFixture(
  id: string,
  seasonId: number,
  deadlineOf: (round: number) => number,
  tournamentName?: string,
) {
  const base = gameFixture(id);
  const at = (ms: number) => new Date(ms).toISOString();
  const record: TournamentRecord = {
    ...base.record,
    season_id: seasonId,
    ...(tournamentName ? { tournament_name: tournamentName } : {}),
    start_on: at(deadlineOf(1)).slice(0, 10),
    end_on: at(deadlineOf(4)).slice(0, 10),
    rounds: base.record.rounds.map((round) => ({
      ...round,
      play_on: at(deadlineOf(round.round) + 3 * 3600_000).slice(0, 10),
      deadline_at: at(deadlineOf(round.round)),
      results: 'none',
    })) as TournamentRecord['rounds'],
  };
  const field: FieldEntryRecord[] = base.field.map(({ status_log: _log, ...entry }) => ({
    ...entry,
    status: 'active',
    rounds: [null, null, null, null],
  }));
  return { ...base, record, field };
}
