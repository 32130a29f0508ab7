import { describe, expect, it } from 'vitest';
import { tokyoCalendarDate } from '../game/format';
import { currentTournament, deriveSchedule, displayDate } from './derive-schedule';
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
