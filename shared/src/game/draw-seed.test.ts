import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawCommitment, drawSeed, resultsDigest, type ResultRow } from './draw-seed';

const row = (player_id: string, rounds: (number | null)[], status = 'active'): ResultRow => ({
  player_id,
  status,
  rounds,
});

const rowsArb = fc.uniqueArray(
  fc.record({
    player_id: fc.string({ minLength: 1, maxLength: 6 }),
    status: fc.constantFrom('active', 'cut', 'wd', 'dq'),
    rounds: fc.array(fc.option(fc.integer({ min: -15, max: 20 }), { nil: null }), {
      minLength: 4,
      maxLength: 4,
    }),
  }),
  { selector: (r) => r.player_id, minLength: 1, maxLength: 20 },
);

describe('the commitment', () => {
  it('is the SHA-256 of the secret as text, so `printf %s SECRET | sha256sum` checks it', () => {
    const secret = 'a'.repeat(64);
    expect(drawCommitment(secret)).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(drawCommitment(secret)).toMatch(/^[0-9a-f]{64}$/);
    expect(drawCommitment(`${secret}0`)).not.toBe(drawCommitment(secret));
  });
});

describe('the results digest', () => {
  it('is the SHA-256 of [game id, rows by player id], each row [id, status, rounds]', () => {
    const rows = [row('p2', [1, -2, null, null]), row('p1', [0, 3, null, null], 'cut')];
    expect(resultsDigest('g', rows)).toBe(
      createHash('sha256')
        .update(
          JSON.stringify([
            'g',
            [
              ['p1', 'cut', [0, 3, null, null]],
              ['p2', 'active', [1, -2, null, null]],
            ],
          ]),
        )
        .digest('hex'),
    );
  });

  it('is the same whatever order the rows come in (property)', () => {
    fc.assert(
      fc.property(rowsArb, fc.infiniteStream(fc.nat()), (rows, stream) => {
        const shuffled = [...rows];
        for (let i = shuffled.length - 1; i > 0; i--) {
          const j = stream.next().value % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
        }
        expect(resultsDigest('g', shuffled)).toBe(resultsDigest('g', rows));
      }),
    );
  });

  it('changes when any result, status, player or the tournament changes (property)', () => {
    fc.assert(
      fc.property(
        rowsArb,
        fc.nat(),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 5 }),
        (rows, at, round, by) => {
          const digest = resultsDigest('g', rows);
          const index = at % rows.length;
          const changed = rows[index]!;
          const withRound = [...changed.rounds];
          withRound[round] = (withRound[round] ?? 0) + by;
          // Longer than any id of the arbitrary rows: a player no other row names.
          const replace = (next: ResultRow) => rows.map((r, i) => (i === index ? next : r));
          expect(resultsDigest('g', replace({ ...changed, rounds: withRound }))).not.toBe(digest);
          expect(
            resultsDigest(
              'g',
              replace({ ...changed, status: changed.status === 'active' ? 'wd' : 'active' }),
            ),
          ).not.toBe(digest);
          expect(
            resultsDigest('g', replace({ ...changed, player_id: `${changed.player_id}~~~~~~` })),
          ).not.toBe(digest);
          expect(
            resultsDigest(
              'g',
              rows.filter((_, i) => i !== index),
            ),
          ).not.toBe(digest);
          expect(resultsDigest('h', rows)).not.toBe(digest);
        },
      ),
    );
  });

  it('tells a round not played from a round of even par', () => {
    expect(resultsDigest('g', [row('p1', [0, null, null, null])])).not.toBe(
      resultsDigest('g', [row('p1', [0, 0, null, null])]),
    );
  });
});

describe('the seed', () => {
  it('is the SHA-256 of [secret, digest], a different seed for any other secret or digest (property)', () => {
    expect(drawSeed('s', 'd')).toBe(
      createHash('sha256')
        .update(JSON.stringify(['s', 'd']))
        .digest('hex'),
    );
    // Fields are kept apart: moving text between them changes the seed.
    expect(drawSeed('ab', 'c')).not.toBe(drawSeed('a', 'bc'));
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (secret, digest, other) => {
        const seed = drawSeed(secret, digest);
        expect(seed).toMatch(/^[0-9a-f]{64}$/);
        expect(drawSeed(secret, digest)).toBe(seed);
        if (other !== secret) expect(drawSeed(other, digest)).not.toBe(seed);
        if (other !== digest) expect(drawSeed(secret, other)).not.toBe(seed);
      }),
    );
  });
});
