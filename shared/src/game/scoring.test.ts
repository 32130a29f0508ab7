import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FieldEntryRecord } from '../schedule/tournament-record';
import type { PlayerStatus, RoundNumber, RoundStatus } from '../schemas/schedule';
import { roundResult } from './round-result.test-support';
import type { PlayerRoundResult, TeamRoundScore } from './scoring';
import {
  fieldWorstToPar,
  finalBlockers,
  indexRound,
  penaltyForRound,
  playerRoundScore,
  resultFromFieldEntry,
  teamRoundScore,
  tournamentScore,
} from './scoring';

function row(
  player_id: string,
  to_par: number | null,
  status: PlayerStatus = 'active',
  completed = to_par !== null,
): PlayerRoundResult {
  return roundResult(player_id, to_par, { round: 2, status, completed });
}

function fieldEntry(
  player_id: string,
  rounds: FieldEntryRecord['rounds'],
  status: PlayerStatus = 'active',
  status_log?: FieldEntryRecord['status_log'],
): FieldEntryRecord {
  return {
    game_global_id: 'g',
    player_id,
    name: '',
    name_kana: '',
    country: 'JPN',
    world_rank: null,
    is_amateur: false,
    status,
    ...(status_log ? { status_log } : {}),
    rounds,
  };
}

describe("which players set the field's worst", () => {
  it('only players who completed the round count; partial WD/DQ rounds never do', () => {
    const rows = [
      row('a', -4),
      row('b', 6),
      row('c', 11, 'wd', false), // withdrew after 12 holes at +11
      row('d', 14, 'dq', false), // disqualified mid-round
      row('e', null, 'cut', false),
    ];
    expect(fieldWorstToPar(rows)).toBe(6);
    expect(penaltyForRound(rows)).toBe(7);
  });

  it('is recomputed from the rows given (a later finisher can move it)', () => {
    const rows = [row('a', -4), row('b', 6)];
    expect(penaltyForRound(rows)).toBe(7);
    expect(penaltyForRound([...rows, row('f', 9)])).toBe(10);
  });

  it('is unknown while nobody has completed the round', () => {
    expect(fieldWorstToPar([row('c', 3, 'wd', false)])).toBeNull();
    expect(penaltyForRound([])).toBeNull();
  });
});

describe('player round score', () => {
  it('a player keeps his real score for a completed round, whatever his status', () => {
    expect(playerRoundScore(row('a', 2, 'wd', true), 9)).toEqual({ kind: 'real', to_par: 2 });
    expect(playerRoundScore(row('a', 3, 'cut', true), 9)).toEqual({ kind: 'real', to_par: 3 });
  });
  it('scores the penalty for a round not completed because of WD, DQ, did not start or cut', () => {
    expect(playerRoundScore(row('a', 5, 'wd', false), 9)).toEqual({
      kind: 'penalty',
      to_par: 9,
      reason: 'wd',
    });
    expect(playerRoundScore(row('a', null, 'wd', false), 9)).toEqual({
      kind: 'penalty',
      to_par: 9,
      reason: 'wd',
    });
    expect(playerRoundScore(row('a', null, 'dq', false), 9)).toEqual({
      kind: 'penalty',
      to_par: 9,
      reason: 'dq',
    });
    expect(playerRoundScore(row('a', null, 'cut', false), 9)).toEqual({
      kind: 'penalty',
      to_par: 9,
      reason: 'cut',
    });
  });
  it('never infers a missed cut or withdrawal: active and not completed is pending', () => {
    expect(playerRoundScore(row('a', null, 'active', false), 9)).toEqual({ kind: 'pending' });
    expect(playerRoundScore(undefined, 9)).toEqual({ kind: 'pending' });
  });
});

describe('team round score', () => {
  const rows = [row('a', -4), row('b', 6), row('c', 1), row('d', 0), row('w', 2, 'wd', false)];

  it('is the sum of the 4 players; provisional until final', () => {
    expect(teamRoundScore(['a', 'b', 'c', 'd'], indexRound(rows, 'provisional'))).toEqual({
      kind: 'scored',
      score: 3,
      provisional: true,
    });
    expect(teamRoundScore(['a', 'b', 'c', 'w'], indexRound(rows, 'final'))).toEqual({
      kind: 'scored',
      score: -4 + 6 + 1 + 7,
      provisional: false,
    });
  });

  it('no team scores 4 x the penalty', () => {
    expect(teamRoundScore(null, indexRound(rows, 'final'))).toEqual({
      kind: 'scored',
      score: 28,
      provisional: false,
    });
  });

  it('a cancelled round counts for nobody', () => {
    expect(teamRoundScore(['a', 'b', 'c', 'd'], indexRound(rows, 'cancelled'))).toEqual({
      kind: 'cancelled',
    });
    expect(teamRoundScore(null, indexRound(rows, 'cancelled'))).toEqual({ kind: 'cancelled' });
  });

  it('rejects a team that is not 4 distinct players', () => {
    const round = indexRound(rows, 'final');
    expect(() => teamRoundScore(['a', 'b', 'c'], round)).toThrow(RangeError);
    expect(() => teamRoundScore(['a', 'a', 'c', 'd'], round)).toThrow(RangeError);
  });

  it('rejects rows of two rounds or duplicate rows', () => {
    expect(() => indexRound([row('a', 1), { ...row('b', 1), round: 3 }], 'final')).toThrow(RangeError);
    expect(() => indexRound([row('a', 1), row('a', 2)], 'final')).toThrow(RangeError);
  });
});

describe('missing results', () => {
  const rows = [row('a', -4), row('b', 6), row('c', 1)];

  it('a picked player missing from the results is not a withdrawal: the round stays pending', () => {
    expect(teamRoundScore(['a', 'b', 'c', 'x'], indexRound(rows, 'provisional'))).toEqual({
      kind: 'pending',
      missing: ['x'],
    });
  });

  it('a player still playing (active, not completed) keeps the round pending', () => {
    const round = indexRound([...rows, row('y', 2, 'active', false)], 'provisional');
    expect(teamRoundScore(['y', 'a', 'b', 'c'], round)).toEqual({ kind: 'pending', missing: ['y'] });
  });

  it('the round cannot be marked final until every picked player has a result or a status', () => {
    const round = indexRound([...rows, row('w', null, 'wd', false)], 'provisional');
    expect(finalBlockers(['a', 'x', 'w', 'z', 'x'], round)).toEqual(['x', 'z']);
    expect(finalBlockers(['a', 'b', 'w'], round)).toEqual([]);
  });

  it('a penalty cannot be given while nobody has completed the round', () => {
    const round = indexRound([row('w', null, 'wd', false)], 'provisional');
    expect(teamRoundScore(null, round)).toEqual({ kind: 'pending', missing: [] });
    expect(finalBlockers(['w'], round)).toEqual(['w']);
  });

  it('a pending round adds nothing and keeps the tournament provisional', () => {
    const total = tournamentScore([
      { kind: 'scored', score: -3, provisional: false },
      { kind: 'pending', missing: ['x'] },
    ]);
    expect(total).toMatchObject({ score: -3, provisional: true, pendingRounds: 1 });
  });
});

describe('tournament score', () => {
  it('sums the round scores and leaves cancelled rounds out', () => {
    expect(
      tournamentScore([
        { kind: 'scored', score: -3, provisional: false },
        { kind: 'cancelled' },
        { kind: 'scored', score: 5, provisional: false },
        { kind: 'scored', score: -1, provisional: false },
      ]),
    ).toEqual({ score: 1, provisional: false, scoredRounds: 3, pendingRounds: 0, cancelledRounds: 1 });
  });
});

describe('resultFromFieldEntry', () => {
  const entry = (status: PlayerStatus, rounds: FieldEntryRecord['rounds']) => fieldEntry('p', rounds, status);
  const done = { strokes: 70, to_par: -2, birdies: 4, eagles: 0, bogeys: 2, thru: 18, completed: true };
  const partial = { strokes: 40, to_par: 3, birdies: 0, eagles: 0, bogeys: 3, thru: 9, completed: false };

  it('keeps real rounds and marks the rest with the explicit status', () => {
    const wd = entry('wd', [done, partial, null, null]);
    expect(playerRoundScore(resultFromFieldEntry(wd, 1) ?? undefined, 8)).toEqual({
      kind: 'real',
      to_par: -2,
    });
    expect(playerRoundScore(resultFromFieldEntry(wd, 2) ?? undefined, 8)).toMatchObject({ kind: 'penalty' });
    expect(playerRoundScore(resultFromFieldEntry(wd, 3) ?? undefined, 8)).toMatchObject({ kind: 'penalty' });
  });

  it('an active player with nothing for the round is missing, not withdrawn', () => {
    expect(resultFromFieldEntry(entry('active', [done, done, null, null]), 3)).toBeNull();
  });
});

// ---- properties ----

const statusArb = fc.constantFrom<PlayerStatus>('active', 'cut', 'wd', 'dq');
const rowArb = (id: string) =>
  fc
    .record({ toPar: fc.integer({ min: -12, max: 20 }), completed: fc.boolean(), status: statusArb })
    .map(({ toPar, completed, status }) => row(id, toPar, status, completed));
const ids = Array.from({ length: 12 }, (_, i) => `p${String(i).padStart(2, '0')}`);
const roundArb = fc.tuple(...ids.map(rowArb));
const finalStatusArb = fc.constantFrom<RoundStatus>('provisional', 'final');

describe('scoring properties', () => {
  it('permutation of picks never changes a team score', () => {
    fc.assert(
      fc.property(
        roundArb,
        fc.shuffledSubarray(ids, { minLength: 4, maxLength: 4 }),
        fc.infiniteStream(fc.nat()),
        finalStatusArb,
        (rows, team, stream, status) => {
          const round = indexRound(rows, status);
          const permuted = [...team];
          for (let i = permuted.length - 1; i > 0; i--) {
            const j = stream.next().value % (i + 1);
            [permuted[i], permuted[j]] = [permuted[j]!, permuted[i]!];
          }
          const a = teamRoundScore(team, round);
          const b = teamRoundScore(permuted, round);
          if (a.kind === 'pending' && b.kind === 'pending') {
            expect([...b.missing].sort()).toEqual([...a.missing].sort());
          } else {
            expect(b).toEqual(a);
          }
        },
      ),
    );
  });

  it('a finisher never scores worse than a withdrawal in the same round', () => {
    fc.assert(
      fc.property(roundArb, (rows) => {
        const round = indexRound(rows, 'final');
        const scores = rows.map((r) => ({ r, s: playerRoundScore(r, round.penalty) }));
        for (const finisher of scores.filter((x) => x.s.kind === 'real')) {
          for (const out of scores.filter((x) => x.s.kind === 'penalty')) {
            if (finisher.s.kind === 'real' && out.s.kind === 'penalty') {
              expect(finisher.s.to_par).toBeLessThan(out.s.to_par);
            }
          }
        }
      }),
    );
  });

  it('tournament total equals the sum of its non-cancelled rounds', () => {
    const roundScoreArb: fc.Arbitrary<TeamRoundScore> = fc.oneof(
      fc.record({
        kind: fc.constant('scored' as const),
        score: fc.integer({ min: -40, max: 80 }),
        provisional: fc.boolean(),
      }),
      fc.constant({ kind: 'cancelled' as const }),
    );
    fc.assert(
      fc.property(fc.array(roundScoreArb, { maxLength: 4 }), (rounds) => {
        const expected = rounds.reduce((sum, r) => sum + (r.kind === 'scored' ? r.score : 0), 0);
        const total = tournamentScore(rounds);
        expect(total.score).toBe(expected);
        expect(total.cancelledRounds + total.scoredRounds).toBe(rounds.length);
      }),
    );
  });
});

describe('1. disqualification voids that round', () => {
  const done = (to_par: number) => ({
    strokes: 72 + to_par,
    to_par,
    birdies: 3,
    eagles: 0,
    bogeys: 1,
    thru: 18,
    completed: true,
  });
  const player = fieldEntry;
  const at = '2026-11-20T09:00:00.000Z';
  // Disqualified in round 2 for a wrong scorecard: the card arrives complete, at +9.
  const dq = player('dq', [done(-3), done(9), null, null], 'dq', [{ status: 'dq', round: 2, at }]);
  const field = [
    player('a', [done(-1), done(-4), null, null]),
    player('b', [done(2), done(5), null, null]),
    dq,
  ];
  const roundOf = (round: RoundNumber) =>
    indexRound(
      field.map((e) => resultFromFieldEntry(e, round)).filter((r) => r !== null),
      'provisional',
    );

  it('a player disqualified in round r scores the penalty for round r even though he finished it', () => {
    const round2 = roundOf(2);
    expect(playerRoundScore(round2.byPlayer.get('dq'), round2.penalty)).toEqual({
      kind: 'penalty',
      to_par: 6,
      reason: 'dq',
    });
  });

  it("his round-r score leaves the set that decides the field's worst", () => {
    // +9 would be the worst; without it the worst is b's +5, so the penalty is +6.
    expect(roundOf(2).worstToPar).toBe(5);
    expect(roundOf(2).penalty).toBe(6);
  });

  it('rounds he completed before r keep their real scores', () => {
    const round1 = roundOf(1);
    expect(playerRoundScore(round1.byPlayer.get('dq'), round1.penalty)).toEqual({ kind: 'real', to_par: -3 });
    expect(round1.worstToPar).toBe(2);
  });

  it('later rounds score the penalty as for any player out of the tournament', () => {
    const third = resultFromFieldEntry(dq, 3);
    expect(third?.status).toBe('dq');
    expect(playerRoundScore(third ?? undefined, 4)).toEqual({ kind: 'penalty', to_par: 4, reason: 'dq' });
  });

  it('a team holding him scores the penalty for that round', () => {
    expect(teamRoundScore(['a', 'b', 'dq', 'x'], { ...roundOf(2), status: 'final' })).toEqual({
      kind: 'pending',
      missing: ['x'],
    });
    const round2 = indexRound([...[...roundOf(2).byPlayer.values()], { ...row('x', 0), round: 2 }], 'final');
    expect(teamRoundScore(['a', 'b', 'dq', 'x'], round2)).toEqual({
      kind: 'scored',
      score: -4 + 5 + 6 + 0,
      provisional: false,
    });
  });

  it('property: a DQ round never decides the worst, and always scores the penalty', () => {
    const result = fc.record({
      to_par: fc.integer({ min: -12, max: 20 }),
      status: fc.constantFrom<PlayerStatus>('active', 'active', 'dq', 'wd'),
      completed: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(result, { minLength: 1, maxLength: 30 }), (results) => {
        const rows = results.map((r, i) => ({ ...row(`p${i}`, r.to_par, r.status, r.completed) }));
        const standing = rows.filter((r) => r.completed && r.status !== 'dq').map((r) => r.to_par!);
        const penalty = penaltyForRound(rows);
        expect(penalty).toBe(standing.length ? Math.max(...standing) + 1 : null);
        for (const r of rows.filter((r) => r.status === 'dq'))
          expect(playerRoundScore(r, penalty).kind).toBe(penalty === null ? 'pending' : 'penalty');
      }),
    );
  });
});
