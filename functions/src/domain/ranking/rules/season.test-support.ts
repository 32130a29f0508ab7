/**
 * Random small seasons for the ranking rules' property tests: one tournament of 4 rounds, a field of
 * players with results and statuses as the feed and the operators leave them, and users' teams in
 * each round. `rankingsOf` runs the ranking job's rules over one (round-records.ts, as
 * recompute-inputs.ts feeds them).
 */
import fc from 'fast-check';
import { isBeforeDeadline } from '@golf/shared/game/lock';
import { withStatus } from '@golf/shared/game/player-status';
import type {
  FieldEntryRecord,
  StoredRound,
  TournamentRecord,
} from '@golf/shared/schedule/tournament-record';
import type { PlayerStatus } from '@golf/shared/schemas/schedule';
import type { TeamRecord } from '@golf/functions/db/repositories/team-repository';
import { playedRound, scopeMetrics, userRounds } from './round-records';
import { storedRound, tournamentRecord } from './tournament.test-support';
import { tournamentStandings } from './yearly-standings';

export interface Season {
  record: TournamentRecord;
  field: FieldEntryRecord[];
  /** teams[r - 1]: the saved teams of round r (a team without a pick is none). */
  teams: TeamRecord[][];
  now: Date;
}

const players = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'];
const users = ['u1', 'u2', 'u3', 'u4', 'u5'];
const hour = 3600_000;

/** A player's round as the feed stores it: finished (thru 18) or under way. */
const resultArb = fc.record({
  to_par: fc.integer({ min: -5, max: 6 }),
  birdies: fc.nat(5),
  eagles: fc.nat(1),
  finished: fc.boolean(),
});

const playerArb = fc.record({
  results: fc.array(fc.option(resultArb, { freq: 4, nil: null }), { minLength: 4, maxLength: 4 }),
  status: fc.constantFrom<PlayerStatus>('active', 'active', 'active', 'wd', 'cut', 'dq'),
  statusRound: fc.integer({ min: 1, max: 4 }),
});

const teamArb = fc.option(fc.shuffledSubarray(players, { minLength: 4, maxLength: 4 }), {
  freq: 3,
  nil: null,
});

/** A season at a random point; `finished`: every round started and final (a prize draw's). */
export const seasonArb = (options: { finished?: boolean } = {}): fc.Arbitrary<Season> =>
  fc
    .record({
      started: options.finished ? fc.constant(4) : fc.integer({ min: 1, max: 4 }),
      /** How far results got: rounds up to `final` are final, the next provisional (results in), the rest none. */
      final: options.finished ? fc.constant(4) : fc.integer({ min: 0, max: 4 }),
      provisional: fc.boolean(),
      cancelledRound: fc.option(fc.integer({ min: 1, max: 4 }), { freq: 5, nil: null }),
      field: fc.array(playerArb, { minLength: players.length, maxLength: players.length }),
      teams: fc.array(fc.array(teamArb, { minLength: users.length, maxLength: users.length }), {
        minLength: 4,
        maxLength: 4,
      }),
    })
    .map(({ started, final, provisional, cancelledRound, field, teams }) => {
      const now = new Date(Date.parse(storedRound(started).deadline_at) + hour);
      const results = (round: number): StoredRound['results'] =>
        round > started
          ? 'none'
          : round <= final
            ? 'final'
            : round === final + 1 && provisional
              ? 'provisional'
              : 'none';
      const record = tournamentRecord(
        [1, 2, 3, 4].map((round) =>
          storedRound(round, {
            results: results(round),
            cancelled: round === cancelledRound && round <= started,
          }),
        ),
      );
      const withResults = (round: number) => record.rounds[round - 1]!.results !== 'none';
      return {
        record,
        now,
        field: field.map((player, i): FieldEntryRecord => {
          // Rounds before the status's round are played as anyone's; from it, nothing more is played.
          const stops = player.status === 'active' ? 5 : player.status === 'cut' ? 3 : player.statusRound;
          const entry: FieldEntryRecord = {
            game_global_id: record.game_global_id,
            player_id: players[i]!,
            name: players[i]!,
            name_kana: players[i]!,
            country: 'JPN',
            world_rank: null,
            is_amateur: false,
            status: 'active',
            rounds: player.results.map((result, r) => {
              const round = r + 1;
              if (!result || !withResults(round) || round > stops) return null;
              // A DQ round may be finished (a wrong scorecard); a round he stopped in is not.
              const finished = round < stops || (player.status === 'dq' && result.finished);
              const thru = finished ? 18 : result.finished ? 9 : 0;
              return {
                strokes: 72 + result.to_par,
                to_par: result.to_par,
                birdies: result.birdies,
                eagles: result.eagles,
                bogeys: 0,
                thru,
                completed: thru === 18,
              };
            }) as FieldEntryRecord['rounds'],
          };
          if (player.status === 'active' || !withResults(Math.min(stops, 4))) return entry;
          return withStatus(entry, player.status, Math.min(stops, 4), record.rounds[0]!.deadline_at);
        }),
        teams: teams.map((round, r) =>
          round.flatMap((picks, u) =>
            picks
              ? [
                  {
                    game_global_id: record.game_global_id,
                    round: r + 1,
                    user_id: users[u]!,
                    picks: picks.map((player_id, s) => ({ slot: (s + 1) as 1, player_id, auto: false })),
                    source: 'manual' as const,
                    last_saved_at: `2026-05-0${6 + r}T0${u}:00:00.000Z`,
                    version: 1,
                  },
                ]
              : [],
          ),
        ),
      };
    });

/** The ranking job's view of a season: each round tab's values by type and user, and the yearly points. */
export function rankingsOf(
  season: Pick<Season, 'record' | 'teams'> & { field: readonly FieldEntryRecord[] },
  now: Date,
) {
  const started = season.record.rounds.filter(
    (round) => !isBeforeDeadline(now.toISOString(), round.deadline_at),
  );
  const data = userRounds({
    record: season.record,
    rounds: started.map(({ round }) =>
      playedRound(season.record, season.field, round, season.teams[round - 1]!, now),
    ),
  });
  const tabs = new Map<number, Map<number, Map<string, number>>>();
  data.rounds.forEach(({ round }, index) => {
    const metrics = scopeMetrics(data.userIds, data.byUser, index + 1);
    tabs.set(
      round,
      new Map(
        metrics.map((values, t) => [
          t + 1,
          new Map(
            data.userIds.flatMap((id, i) => (Number.isNaN(values[i]) ? [] : [[id, values[i]!] as const])),
          ),
        ]),
      ),
    );
  });
  // A cancelled tournament gives no yearly points (recompute: startedTournaments).
  const yearly = season.record.cancelled ? new Map<string, number>() : tournamentStandings(data).gained;
  return { tabs, yearly };
}
