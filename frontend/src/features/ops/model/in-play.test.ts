import { describe, expect, it } from 'vitest';
import type { OpsTournament } from '@golf/shared/schemas/ops';
import { inPlayFirst, roundInPlay, tournamentInPlay } from './in-play';

type Round = OpsTournament['rounds'][number];
const round = (n: number, locked: boolean, results: Round['results'], cancelled = false): Round => ({
  round: n,
  play_on: `2026-07-0${n}`,
  deadline_at: `2026-07-0${n}T06:00:00.000Z`,
  results,
  cancelled,
  locked,
  settled_at: locked ? `2026-07-0${n}T06:00:00.000Z` : null,
  deadline_note: null,
  cancel_note: null,
});
const tournament = (id: string, startOn: string, rounds: Round[], cancelled = false): OpsTournament => ({
  game_global_id: id,
  season_id: 2026,
  tournament_name: id,
  venue: 'コース',
  start_on: startOn,
  end_on: startOn,
  cancelled,
  cancel_note: null,
  cut: null,
  rounds,
});
const finished = (id: string, startOn: string) =>
  tournament(
    id,
    startOn,
    [1, 2, 3, 4].map((n) => round(n, true, 'final')),
  );
const open = (id: string, startOn: string) =>
  tournament(
    id,
    startOn,
    [1, 2, 3, 4].map((n) => round(n, false, 'none')),
  );
const live = (id: string, startOn: string) =>
  tournament(id, startOn, [
    round(1, true, 'final'),
    round(2, true, 'provisional'),
    round(3, false, 'none'),
    round(4, false, 'none'),
  ]);

describe('the tournament and round an operator works on', () => {
  it('is the tournament in play, though later ones are listed first (newest first)', () => {
    const list = [
      open('2026-09', '2026-09-01'),
      open('2026-08', '2026-08-01'),
      live('2026-07', '2026-07-01'),
      finished('2026-06', '2026-06-01'),
    ];
    expect(tournamentInPlay(list)?.game_global_id).toBe('2026-07');
    expect(inPlayFirst(list).map((t) => t.game_global_id)).toEqual([
      '2026-07',
      '2026-09',
      '2026-08',
      '2026-06',
    ]);
    expect(roundInPlay(list[2]!)).toBe(2);
  });

  it('between tournaments is the next to open, after the season the latest played', () => {
    expect(
      tournamentInPlay([
        open('2026-09', '2026-09-01'),
        open('2026-08', '2026-08-01'),
        finished('2026-07', '2026-07-01'),
      ])?.game_global_id,
    ).toBe('2026-08');
    expect(
      tournamentInPlay([finished('2026-07', '2026-07-01'), finished('2026-06', '2026-06-01')])
        ?.game_global_id,
    ).toBe('2026-07');
    expect(tournamentInPlay([])).toBeUndefined();
  });

  it('skips cancelled tournaments and rounds', () => {
    const cancelled = { ...live('2026-07', '2026-07-01'), cancelled: true };
    expect(tournamentInPlay([open('2026-08', '2026-08-01'), cancelled])?.game_global_id).toBe('2026-08');
    const skipped = tournament('2026-10', '2026-10-01', [
      round(1, true, 'final'),
      round(2, true, 'none', true),
      round(3, false, 'none'),
      round(4, false, 'none'),
    ]);
    expect(roundInPlay(skipped)).toBe(3);
    expect(roundInPlay(open('2026-11', '2026-11-01'))).toBe(1);
    expect(roundInPlay(finished('2026-06', '2026-06-01'))).toBe(4);
  });
});
