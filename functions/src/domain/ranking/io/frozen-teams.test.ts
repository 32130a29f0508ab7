import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StoredRound } from '@golf/shared/schedule/tournament-record';
import { freezeStamp } from '../../game/round-entries';
import { decodeFrozenRound, encodeFrozenRound, freezeTeams, thawTeams } from './frozen-teams';

const teamArbitrary = fc.record({
  user_id: fc.uuid(),
  last_saved_at: fc
    .date({
      min: new Date('2026-01-01T00:00:00.000Z'),
      max: new Date('2027-01-01T00:00:00.000Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString()),
  picks: fc.subarray([1, 2, 3, 4] as const).chain((slots) =>
    fc.tuple(
      ...slots.map((slot) =>
        fc.record({
          slot: fc.constant(slot),
          player_id: fc.constantFrom('p1', 'p2', 'p3', 'p4', 'p5', 'p6'),
          auto: fc.boolean(),
        }),
      ),
    ),
  ),
});

describe('frozen teams', () => {
  it('gives back every team with a pick, its players in their slots and its save time, through the stored bytes', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(teamArbitrary, { selector: (team) => team.user_id, maxLength: 40 }),
        (teams) => {
          const frozen = decodeFrozenRound(
            encodeFrozenRound(freezeTeams(teams, { gameGlobalId: 'G', round: 2, stamp: 's' })),
          )!;
          const thawed = [...thawTeams(frozen, true)].map((team) => [
            team.user_id,
            team.round,
            team.picks.map((pick) => [pick.slot, pick.player_id]),
            team.last_saved_at,
          ]);
          const expected = teams
            .filter((team) => team.picks.length > 0)
            .sort((a, b) => (a.user_id < b.user_id ? -1 : 1))
            .map((team) => [
              team.user_id,
              2,
              team.picks.map((pick) => [pick.slot, pick.player_id]),
              team.last_saved_at,
            ]);
          expect(thawed).toEqual(expected);
          // The ranking's scoring does not ask for them.
          expect([...thawTeams(frozen)].every((team) => team.last_saved_at === '')).toBe(true);
        },
      ),
    );
  });

  it('reads an object of the format before as absent: the round is read again and kept anew', () => {
    const before = { ...freezeTeams([], { gameGlobalId: 'G', round: 1, stamp: 's' }), format: 1 };
    expect(decodeFrozenRound(gzipSync(JSON.stringify(before)))).toBeNull();
  });

  it('reads an object it cannot read (cut short, not gzip, not JSON) as absent', () => {
    const bytes = encodeFrozenRound(freezeTeams([], { gameGlobalId: 'G', round: 1, stamp: 's' }));
    expect(decodeFrozenRound(bytes)).not.toBeNull();
    expect(decodeFrozenRound(bytes.subarray(0, bytes.length - 8))).toBeNull();
    expect(decodeFrozenRound(Buffer.from('{"format":2}'))).toBeNull();
    expect(decodeFrozenRound(gzipSync('{"format":'))).toBeNull();
    expect(decodeFrozenRound(gzipSync('null'))).toBeNull();
  });

  it('freezes a round once its deadline has passed and it is settled or final, stamped by both', () => {
    const round: StoredRound = {
      round: 2,
      play_on: '2026-12-04',
      deadline_at: '2026-12-03T22:00:00.000Z',
      results: 'provisional',
      cancelled: false,
      deadline_note: null,
    };
    const after = new Date('2026-12-04T01:00:00.000Z');
    expect(freezeStamp(round, new Date('2026-12-03T21:59:59.000Z'))).toBeNull();
    expect(freezeStamp(round, after)).toBeNull();
    expect(freezeStamp({ ...round, results: 'final' }, after)).toBe('2026-12-03T22:00:00.000Z|final');
    const settled = { ...round, settled_at: '2026-12-03T22:00:01.000Z' };
    expect(freezeStamp(settled, after)).toBe('2026-12-03T22:00:00.000Z|2026-12-03T22:00:01.000Z');
    // Settled again (after a moved deadline): another stamp, so the teams are read again.
    expect(freezeStamp({ ...settled, settled_at: '2026-12-03T23:00:00.000Z' }, after)).not.toBe(
      freezeStamp(settled, after),
    );
  });
});
