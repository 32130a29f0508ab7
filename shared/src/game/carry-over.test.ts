import { describe, expect, it } from 'vitest';
import type { PlayerStats } from './ai-selection';
import {
  awaitsSettlement,
  COPY_SETTING_CHANGES_KEPT,
  copySettingAsOf,
  roundsCopiedFrom,
  settleTeamAtDeadline,
  settledPlayerIds,
  withCopySettingChange,
} from './carry-over';
import type { RoundTeam } from './team';
import { picksFrom } from './team';
import { playerWithStats } from './player-stats.test-support';

const stats = (player_id: string, season_avg_to_par: number): PlayerStats =>
  playerWithStats(player_id, { season_avg_to_par });
// Best condition pick first: a (-3) ... h (+4).
const field = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((id, i) => stats(id, i - 3));
const without = (...ids: string[]) => field.filter((p) => !ids.includes(p.player_id));
const deadline = '2025-11-21T22:30:00Z';

const round1: RoundTeam = {
  round: 1,
  picks: picksFrom(['c', 'd', 'e', 'f']),
  last_saved_at: '2025-11-19T10:00:00Z',
};

describe('carry-over', () => {
  it('copies the previous team when no team was saved, every pick AUTO, last save = the deadline instant', () => {
    const outcome = settleTeamAtDeadline({
      round: 2,
      saved: null,
      previous: round1,
      copyNextRound: true,
      eligiblePlayers: field,
      deadlineIso: deadline,
    });
    expect(outcome).toEqual({
      kind: 'carried',
      team: {
        round: 2,
        picks: [
          { slot: 1, player_id: 'c', auto: true },
          { slot: 2, player_id: 'd', auto: true },
          { slot: 3, player_id: 'e', auto: true },
          { slot: 4, player_id: 'f', auto: true },
        ],
        last_saved_at: deadline,
      },
    });
  });

  it('replaces ineligible players by the condition pick, skipping players already on the team', () => {
    // 'd' missed the cut and 'f' withdrew; 'a' and 'b' are the best not on the team.
    const outcome = settleTeamAtDeadline({
      round: 3,
      saved: null,
      previous: { ...round1, round: 2, picks: picksFrom(['d', 'a', 'f', 'c']) },
      copyNextRound: true,
      eligiblePlayers: without('d', 'f'),
      deadlineIso: deadline,
    });
    expect(settledPlayerIds(outcome)).toEqual(['b', 'a', 'e', 'c']);
  });

  it('does nothing when the user saved a team for the round', () => {
    const saved: RoundTeam = {
      round: 2,
      picks: picksFrom(['a', 'b', 'g', 'h']),
      last_saved_at: '2025-11-20T01:00:00Z',
    };
    const outcome = settleTeamAtDeadline({
      round: 2,
      saved,
      previous: round1,
      copyNextRound: true,
      eligiblePlayers: field,
      deadlineIso: deadline,
    });
    expect(outcome).toEqual({ kind: 'saved', team: saved, changed: false });
  });

  it('gives no team when copying is off or there is nothing to copy', () => {
    const base = { round: 2 as const, saved: null, eligiblePlayers: field, deadlineIso: deadline };
    expect(settleTeamAtDeadline({ ...base, previous: round1, copyNextRound: false })).toEqual({
      kind: 'none',
    });
    expect(settleTeamAtDeadline({ ...base, previous: null, copyNextRound: true })).toEqual({ kind: 'none' });
  });

  it('is idempotent: running again on its own result changes nothing', () => {
    const input = {
      round: 2 as const,
      saved: null,
      previous: round1,
      copyNextRound: true,
      eligiblePlayers: without('e'),
      deadlineIso: deadline,
    };
    const first = settleTeamAtDeadline(input);
    if (first.kind === 'none') throw new Error('expected a team');
    const second = settleTeamAtDeadline({ ...input, saved: first.team });
    expect(second).toEqual({ kind: 'saved', team: first.team, changed: false });
  });
});

describe('WD before a deadline', () => {
  const saved: RoundTeam = {
    round: 2,
    picks: picksFrom(['a', 'c', 'e', 'g']),
    last_saved_at: '2025-11-20T01:00:00Z',
  };

  it('a withdrawn player still on a saved team at the deadline is replaced by the condition pick (AUTO)', () => {
    const outcome = settleTeamAtDeadline({
      round: 2,
      saved,
      previous: round1,
      copyNextRound: true,
      eligiblePlayers: without('c'),
      deadlineIso: deadline,
    });
    expect(outcome.kind).toBe('saved');
    if (outcome.kind !== 'saved') return;
    expect(outcome.changed).toBe(true);
    expect(outcome.team.picks).toEqual([
      { slot: 1, player_id: 'a', auto: false },
      { slot: 2, player_id: 'b', auto: true },
      { slot: 3, player_id: 'e', auto: false },
      { slot: 4, player_id: 'g', auto: false },
    ]);
    // The replacement is the game's, at the deadline: prize tie-breaks never depend on job timing.
    expect(outcome.team.last_saved_at).toBe(deadline);
  });
});

describe('carry-over and replacements are decided as of the deadline', () => {
  it('the settled team and its last save are the same whatever order the users are settled in', () => {
    const input = {
      round: 3 as const,
      saved: null,
      previous: { ...round1, round: 2 as const, picks: picksFrom(['d', 'a', 'f', 'c']) },
      copyNextRound: true,
      eligiblePlayers: without('d'),
      deadlineIso: deadline,
    };
    const shuffled = { ...input, eligiblePlayers: [...input.eligiblePlayers].reverse() };
    expect(settleTeamAtDeadline(shuffled)).toEqual(settleTeamAtDeadline(input));
    const outcome = settleTeamAtDeadline(input);
    expect(outcome.kind === 'carried' && outcome.team.last_saved_at).toBe(deadline);
  });

  it('refuses a deadline that is not an instant', () => {
    expect(() =>
      settleTeamAtDeadline({
        round: 2,
        saved: null,
        previous: round1,
        copyNextRound: true,
        eligiblePlayers: field,
        deadlineIso: '2025-11-21 22:30',
      }),
    ).toThrow(RangeError);
  });
});

describe('the copy setting as of the deadline', () => {
  const changes = [
    { from: false, to: true, at: '2025-11-21T20:00:00.000Z' },
    { from: true, to: false, at: '2025-11-21T22:30:00.000Z' },
    { from: false, to: true, at: '2025-11-21T23:00:00.000Z' },
  ];

  it('a change at or after the deadline does not count for that round', () => {
    expect(copySettingAsOf(true, changes, '2025-11-21T22:30:00.000Z')).toBe(true);
    expect(copySettingAsOf(true, changes, '2025-11-21T22:45:00.000Z')).toBe(false);
    expect(copySettingAsOf(true, changes, '2025-11-21T19:00:00.000Z')).toBe(false);
    expect(copySettingAsOf(true, changes, '2025-11-22T00:00:00.000Z')).toBe(true);
    expect(copySettingAsOf(false, [], deadline)).toBe(false);
  });

  it('keeps the latest changes only', () => {
    let log: ReturnType<typeof withCopySettingChange> = [];
    for (let i = 0; i < 15; i++)
      log = withCopySettingChange(log, {
        from: i % 2 === 1,
        to: i % 2 === 0,
        at: `2025-11-2${i % 10}T00:00:00.000Z`,
      });
    expect(log).toHaveLength(COPY_SETTING_CHANGES_KEPT);
    expect(log.at(-1)).toEqual({ from: false, to: true, at: '2025-11-24T00:00:00.000Z' });
  });
});

describe('a round awaiting its settlement', () => {
  const open = { deadline_at: deadline, cancelled: false, results: 'none' as const };
  const before = '2025-11-21T22:29:59.999Z';

  it('from the deadline instant until the round is settled: only then can a stored team differ from the played one', () => {
    expect(awaitsSettlement(open, false, before)).toBe(false);
    expect(awaitsSettlement(open, false, deadline)).toBe(true);
    expect(awaitsSettlement(open, false, '2025-11-21T22:34:00.000Z')).toBe(true);
    expect(awaitsSettlement({ ...open, results: 'provisional' }, false, deadline)).toBe(true);
    expect(awaitsSettlement({ ...open, settled_at: '2025-11-21T22:31:00.000Z' }, false, deadline)).toBe(
      false,
    );
  });

  it('never for a final or cancelled round, nor in a cancelled tournament', () => {
    const later = '2025-11-22T10:00:00.000Z';
    expect(awaitsSettlement({ ...open, results: 'final' }, false, later)).toBe(false);
    expect(awaitsSettlement({ ...open, cancelled: true }, false, later)).toBe(false);
    expect(awaitsSettlement(open, true, later)).toBe(false);
  });
});

describe('the rounds a copy reads', () => {
  it('the round before, back over cancelled rounds to the last one played (a later save overlays)', () => {
    expect(roundsCopiedFrom(new Set(), 1)).toEqual([]);
    expect(roundsCopiedFrom(new Set(), 3)).toEqual([2]);
    expect(roundsCopiedFrom(new Set([2]), 3)).toEqual([1, 2]);
    expect(roundsCopiedFrom(new Set([2, 3]), 4)).toEqual([1, 2, 3]);
    expect(roundsCopiedFrom(new Set([1]), 2)).toEqual([1]);
    expect(roundsCopiedFrom(new Set([3]), 3)).toEqual([2]);
  });
});
