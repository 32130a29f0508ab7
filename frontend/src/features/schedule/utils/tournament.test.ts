import { describe, expect, it } from 'vitest';
import type { Schedule, ScheduleRound } from '@golf/shared/schemas/schedule';
import { openRound, roundPhase, roundPhaseLabels, teamRound } from './tournament';

const round = (n: number, status: ScheduleRound['status'], deadline: string): ScheduleRound => ({
  round: n,
  play_on: '2026-11-20',
  deadline_at: deadline,
  status,
  deadline_note: null,
  cancel_note: null,
});

const schedule = (rounds: ScheduleRound[], currentRound = 1): Schedule => ({
  value: '2026-07',
  name: 'テスト大会',
  season_id: 2026,
  game_global_id: '2026-07',
  tournament_name: 'テスト大会',
  venue: 'テストカントリークラブ',
  tournament_start_on: '2026-11-19',
  tournament_display_start_on: '11月19日(木)',
  tournament_end_on: '2026-11-22',
  tournament_display_end_on: '11月22日(日)',
  current_round: currentRound,
  is_round_days_over: false,
  status: 'in_progress',
  cancel_note: null,
  rounds,
});

const now = Date.parse('2026-11-20T12:00:00Z');

describe('roundPhase', () => {
  it('labels each state', () => {
    const phases = [
      roundPhase(round(1, 'final', '2026-11-18T22:00:00Z'), now),
      roundPhase(round(2, 'provisional', '2026-11-19T22:00:00Z'), now),
      roundPhase(round(3, 'locked', '2026-11-20T11:00:00Z'), now),
      roundPhase(round(4, 'scheduled', '2026-11-21T22:00:00Z'), now),
      roundPhase(round(4, 'cancelled', '2026-11-21T22:00:00Z'), now),
    ];
    expect(phases.map((phase) => roundPhaseLabels[phase])).toEqual([
      '確定',
      '速報',
      '締切済み',
      '受付中',
      '中止',
    ]);
  });

  it('closes a scheduled round once its deadline has passed on this clock', () => {
    expect(roundPhase(round(3, 'scheduled', '2026-11-20T12:00:00Z'), now)).toBe('closed');
    expect(roundPhase(round(3, 'scheduled', '2026-11-20T12:00:01Z'), now)).toBe('open');
  });
});

describe('openRound and teamRound', () => {
  it('finds the round open for picks', () => {
    const s = schedule([
      round(1, 'final', '2026-11-18T22:00:00Z'),
      round(2, 'locked', '2026-11-19T22:00:00Z'),
      round(3, 'scheduled', '2026-11-20T22:00:00Z'),
      round(4, 'scheduled', '2026-11-21T22:00:00Z'),
    ]);
    expect(openRound(s, now)?.round).toBe(3);
    expect(openRound(s, Date.parse('2026-11-23T00:00:00Z'))).toBeUndefined();
  });

  it('leads to round 1 before the season starts', () => {
    expect(teamRound(schedule([], 0))).toBe(1);
    expect(teamRound(schedule([], 3))).toBe(3);
  });
});
