import { describe, expect, it } from 'vitest';
import type { FieldEntryRecord, PlayerRoundResult } from '@golf/shared/schedule/tournament-record';
import { buildLeaderboard } from './leaderboard';

const done = (toPar: number): PlayerRoundResult => ({
  strokes: 72 + toPar,
  to_par: toPar,
  birdies: 0,
  eagles: 0,
  bogeys: Math.max(0, toPar),
  thru: 18,
  completed: true,
});

const entry = (id: string, status: FieldEntryRecord['status'], rounds: Array<PlayerRoundResult | null>) =>
  ({
    game_global_id: 't',
    player_id: id,
    name: id,
    name_kana: id,
    country: 'JPN',
    world_rank: null,
    is_amateur: false,
    status,
    rounds: [...rounds, null, null, null, null].slice(0, 4),
  }) satisfies FieldEntryRecord;

describe('buildLeaderboard', () => {
  const field = [
    entry('c', 'active', [done(-1), done(0)]),
    entry('a', 'active', [done(-3), done(-1)]),
    entry('b', 'active', [done(-2), done(-2)]),
    entry('d', 'cut', [done(4), done(3)]),
    entry('e', 'wd', [done(1), { ...done(2), completed: false, thru: 9, strokes: null }]),
  ];

  it('orders contenders by total and shares positions on ties', () => {
    const rows = buildLeaderboard(field, new Set([1, 2]));
    expect(rows.map((r) => [r.player_id, r.position, r.total_to_par])).toEqual([
      ['a', 'T1', -4],
      ['b', 'T1', -4],
      ['c', '3', -1],
      ['d', null, 7],
      ['e', null, 3],
    ]);
  });

  it('counts only rounds with published results', () => {
    const rows = buildLeaderboard(field, new Set([1]));
    expect(rows.find((r) => r.player_id === 'a')).toMatchObject({
      rounds: [-3, null, null, null],
      total_to_par: -3,
    });
    expect(rows[0]!.position).toBe('1');
  });

  it('adds strokes of completed rounds only and reports holes played', () => {
    const rows = buildLeaderboard(field, new Set([1, 2]));
    expect(rows.find((r) => r.player_id === 'e')).toMatchObject({ total_strokes: 73, thru: 9 });
    expect(rows.find((r) => r.player_id === 'a')).toMatchObject({ total_strokes: 140, thru: 18 });
  });
});
