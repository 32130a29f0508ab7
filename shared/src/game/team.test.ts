import { describe, expect, it } from 'vitest';
import type { RoundTeam } from './team';
import { applySave, ineligiblePicks, picksFrom, samePicks, teamPlayerIds } from './team';

describe('team saves', () => {
  const saved: RoundTeam = {
    round: 2,
    picks: picksFrom(['a', 'b', 'c', 'd']),
    last_saved_at: '2025-11-19T10:00:00Z',
  };

  it('re-saving an identical team does not change the last save', () => {
    const result = applySave(saved, 2, ['a', 'b', 'c', 'd'], '2025-11-19T12:00:00Z');
    expect(result).toEqual({ team: saved, changed: false });
  });

  it('any other save stores the user picks (never AUTO) and the save time', () => {
    const carried: RoundTeam = { ...saved, picks: picksFrom(['a', 'b', 'c', 'd'], () => true) };
    const result = applySave(carried, 2, ['b', 'a', 'c', 'd'], '2025-11-19T12:00:00Z');
    expect(result.changed).toBe(true);
    expect(result.team.last_saved_at).toBe('2025-11-19T12:00:00Z');
    expect(result.team.picks.every((p) => !p.auto)).toBe(true);
    expect(teamPlayerIds(result.team)).toEqual(['b', 'a', 'c', 'd']);
  });

  it('rejects a team that is not 4 distinct players', () => {
    expect(() => applySave(null, 1, ['a', 'a', 'b', 'c'], '2025-11-19T12:00:00Z')).toThrow(RangeError);
  });

  it('lists picks that are no longer eligible (the round page warns)', () => {
    expect(ineligiblePicks(saved, new Set(['a', 'c', 'd'])).map((p) => p.player_id)).toEqual(['b']);
  });
});

describe('samePicks', () => {
  it('compares slot and player, not the listing order or the auto flag', () => {
    const a = [
      { slot: 2 as const, player_id: 'p2', auto: true },
      { slot: 1 as const, player_id: 'p1', auto: false },
    ];
    expect(
      samePicks(a, [
        { slot: 1, player_id: 'p1' },
        { slot: 2, player_id: 'p2' },
      ]),
    ).toBe(true);
    expect(
      samePicks(a, [
        { slot: 1, player_id: 'p2' },
        { slot: 2, player_id: 'p1' },
      ]),
    ).toBe(false);
    expect(samePicks(a, [{ slot: 1, player_id: 'p1' }])).toBe(false);
    expect(
      samePicks(a, [
        { slot: 1, player_id: 'p1' },
        { slot: 3, player_id: 'p2' },
      ]),
    ).toBe(false);
  });
});
