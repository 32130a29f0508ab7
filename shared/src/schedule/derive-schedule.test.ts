import { describe, expect, it } from 'vitest';
import { tokyoCalendarDate } from '../game/format';
import { currentTournament, defaultTournament, deriveSchedule, displayDate } from './derive-schedule';
import type { TournamentRecord } from './tournament-record';

const record = (overrides: Partial<TournamentRecord> = {}): TournamentRecord => ({
  game_global_id: '2026-10',
  season_id: 2026,
  tournament_name: 'テスト選手権',
  venue: 'テストゴルフ倶楽部',
  start_on: '2026-11-19',
  end_on: '2026-11-22',
  cancelled: false,
  rounds: [1, 2, 3, 4].map((round) => ({
    round,
    play_on: `2026-11-${18 + round}`,
    deadline_at: new Date(`2026-11-${18 + round}T07:00:00+09:00`).toISOString(),
    results: 'none' as const,
    cancelled: false,
    deadline_note: null,
  })),
  ...overrides,
});

describe('deriveSchedule', () => {
  it('is upcoming and open for round 1 before the first deadline', () => {
    const schedule = deriveSchedule(record(), new Date('2026-11-18T12:00:00Z'));
    expect(schedule.status).toBe('upcoming');
    expect(schedule.current_round).toBe(1);
    expect(schedule.rounds.map((r) => r.status)).toEqual([
      'scheduled',
      'scheduled',
      'scheduled',
      'scheduled',
    ]);
    expect(schedule.tournament_display_start_on).toBe('11月19日(木)');
  });

  it('locks a round at its deadline instant exactly (lock instant)', () => {
    const deadline = new Date('2026-11-19T07:00:00+09:00');
    expect(deriveSchedule(record(), new Date(deadline.getTime() - 1)).rounds[0]!.status).toBe('scheduled');
    expect(deriveSchedule(record(), deadline).rounds[0]!.status).toBe('locked');
    expect(deriveSchedule(record(), deadline).current_round).toBe(2);
  });

  it('shows provisional and final results, and cancelled rounds', () => {
    const base = record();
    const rounds = base.rounds.map((round) =>
      round.round === 1
        ? { ...round, results: 'final' as const }
        : round.round === 2
          ? { ...round, results: 'provisional' as const }
          : round.round === 3
            ? { ...round, cancelled: true }
            : round,
    );
    const schedule = deriveSchedule({ ...base, rounds }, new Date('2026-11-21T03:00:00Z'));
    expect(schedule.rounds.map((r) => r.status)).toEqual(['final', 'provisional', 'cancelled', 'scheduled']);
    expect(schedule.status).toBe('in_progress');
  });

  it('is finished once every round is settled and the days are over', () => {
    const base = record();
    const rounds = base.rounds.map((round) => ({ ...round, results: 'final' as const }));
    const schedule = deriveSchedule({ ...base, rounds }, new Date('2026-11-23T01:00:00Z'));
    expect(schedule.status).toBe('finished');
    expect(schedule.is_round_days_over).toBe(true);
    expect(schedule.current_round).toBe(4);
  });

  it('is finished as soon as round 4 is final, on the last day too, and not before', () => {
    const base = record();
    const lastDay = new Date('2026-11-22T09:00:00Z');
    const settled = base.rounds.map((round) => ({ ...round, results: 'final' as const }));
    expect(deriveSchedule({ ...base, rounds: settled }, lastDay).status).toBe('finished');
    const provisional = settled.map((round) =>
      round.round === 4 ? { ...round, results: 'provisional' as const } : round,
    );
    expect(deriveSchedule({ ...base, rounds: provisional }, lastDay).status).toBe('in_progress');
  });

  it('uses the Tokyo calendar date whatever the server time zone', () => {
    expect(tokyoCalendarDate(new Date('2026-11-22T14:59:59Z'))).toBe('2026-11-22');
    expect(tokyoCalendarDate(new Date('2026-11-22T15:00:00Z'))).toBe('2026-11-23');
    expect(displayDate('2027-01-01')).toBe('1月1日(金)');
  });
});

describe('currentTournament', () => {
  const s = (id: string, start: string, status: 'upcoming' | 'in_progress' | 'finished' | 'cancelled') => ({
    id,
    tournament_start_on: start,
    status,
  });

  it('prefers the tournament in progress, then the next, then the latest', () => {
    expect(
      currentTournament([s('a', '2026-01-01', 'finished'), s('b', '2026-02-01', 'in_progress')])?.id,
    ).toBe('b');
    expect(
      currentTournament([
        s('a', '2026-01-01', 'finished'),
        s('c', '2026-03-01', 'upcoming'),
        s('b', '2026-02-01', 'upcoming'),
      ])?.id,
    ).toBe('b');
    expect(currentTournament([s('a', '2026-01-01', 'finished'), s('b', '2026-02-01', 'finished')])?.id).toBe(
      'b',
    );
    expect(currentTournament([])).toBeUndefined();
  });
});

describe('defaultTournament: which tournament each screen shows at each instant of a season', () => {
  const tournament = (id: string, day: number, overrides: Partial<TournamentRecord> = {}) =>
    record({
      game_global_id: id,
      start_on: `2026-11-${String(day).padStart(2, '0')}`,
      end_on: `2026-11-${String(day + 3).padStart(2, '0')}`,
      rounds: [1, 2, 3, 4].map((round) => ({
        round,
        play_on: `2026-11-${String(day + round - 1).padStart(2, '0')}`,
        deadline_at: new Date(
          `2026-11-${String(day + round - 1).padStart(2, '0')}T07:00:00+09:00`,
        ).toISOString(),
        results: 'none' as const,
        cancelled: false,
        deadline_note: null,
      })),
      ...overrides,
    });
  /** Round results up to `finalUpTo` final. */
  const played = (id: string, day: number, finalUpTo: number) => {
    const base = tournament(id, day);
    return {
      ...base,
      rounds: base.rounds.map((round) => ({
        ...round,
        results: round.round <= finalUpTo ? ('final' as const) : ('none' as const),
      })),
    };
  };
  const shown = (records: TournamentRecord[], at: string) => {
    const schedules = records.map((r) => deriveSchedule(r, new Date(at)));
    return {
      picks: defaultTournament('picks', schedules)?.game_global_id,
      results: defaultTournament('results', schedules)?.game_global_id,
    };
  };

  it('shows the first tournament on every screen before its round 1 deadline', () => {
    expect(shown([tournament('a', 5), tournament('b', 19)], '2026-11-04T12:00:00+09:00')).toEqual({
      picks: 'a',
      results: 'a',
    });
  });

  it('keeps the tournament in play on every screen between its rounds and after its last deadline', () => {
    expect(shown([played('a', 5, 1), tournament('b', 19)], '2026-11-06T12:00:00+09:00')).toEqual({
      picks: 'a',
      results: 'a',
    });
    expect(shown([played('a', 5, 3), tournament('b', 19)], '2026-11-08T12:00:00+09:00')).toEqual({
      picks: 'a',
      results: 'a',
    });
  });

  it('keeps the tournament just played on the standings once its last round is final, and opens the next for picks', () => {
    expect(shown([played('a', 5, 4), tournament('b', 19)], '2026-11-08T20:00:00+09:00')).toEqual({
      picks: 'b',
      results: 'a',
    });
    // Between tournaments, up to the instant before the next one's first deadline.
    expect(shown([played('a', 5, 4), tournament('b', 19)], '2026-11-19T06:59:59+09:00')).toEqual({
      picks: 'b',
      results: 'a',
    });
  });

  it('moves the standings to the next tournament at its first deadline', () => {
    expect(shown([played('a', 5, 4), tournament('b', 19)], '2026-11-19T07:00:00+09:00')).toEqual({
      picks: 'b',
      results: 'b',
    });
  });

  it('shows the last tournament played after the season, past a cancelled one', () => {
    const cancelled = tournament('c', 26, { cancelled: true, cancel_note: '荒天のため' });
    expect(shown([played('a', 5, 4), played('b', 19, 4), cancelled], '2026-12-20T12:00:00+09:00')).toEqual({
      picks: 'b',
      results: 'b',
    });
    expect(shown([played('a', 5, 4), played('b', 19, 4)], '2026-12-20T12:00:00+09:00')).toEqual({
      picks: 'b',
      results: 'b',
    });
  });

  it('shows a cancelled tournament only when the season has nothing else, and nothing in an empty season', () => {
    expect(shown([tournament('c', 26, { cancelled: true })], '2026-12-20T12:00:00+09:00')).toEqual({
      picks: 'c',
      results: 'c',
    });
    expect(shown([], '2026-12-20T12:00:00+09:00')).toEqual({ picks: undefined, results: undefined });
  });
});
