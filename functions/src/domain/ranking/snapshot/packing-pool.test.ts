import { afterAll, describe, expect, it } from 'vitest';
import { PackingPool } from './packing-pool';
import { roundScope, type RoundScopeInput, yearlyItems } from './snapshot-items';

/** A linear congruential generator: the same season on every run. */
function random(seed: number) {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) >>> 0) / 0x1_0000_0000;
}

/** Pages a task of the tests' pools packs: a tenth of a run's, for a season a tenth the size. */
const pagesPerTask = 10;

/**
 * 1,200 users (12 pages a board, so every board spans two tasks of `pagesPerTask`): UUIDs and a few
 * other ids, ties on every board, users without an entry, withdrawn users and guilds.
 */
function season(): RoundScopeInput {
  const rnd = random(99);
  const hex = (digits: number) =>
    Array.from({ length: digits }, () => Math.floor(rnd() * 16).toString(16)).join('');
  const n = 1_200;
  const userIds = Array.from({ length: n }, (_, i) =>
    i % 500 === 7 ? `line:U${hex(10)}` : `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`,
  ).sort();
  const metrics = Array.from({ length: 7 }, (_, t) =>
    Float64Array.from({ length: n }, () =>
      rnd() < 0.05 ? Number.NaN : t >= 5 ? Math.round(rnd() * 8) / 8 : Math.floor(rnd() * 40) - 20,
    ),
  );
  const profiles = new Map(
    userIds.filter(() => rnd() >= 0.02).map((id, i) => [id, { nickname: `ゴルファー${i % 977}` }]),
  );
  const guildOf = new Map(
    // Guilds of 25: their member pages span two tasks.
    userIds.slice(0, 1_100).map((id, i) => [id, `G${String(i % 44).padStart(4, '0')}`]),
  );
  const names = new Map([...new Set(guildOf.values())].map((id) => [id, `${id}部`]));
  return { snapshotId: 'SNAP', round: 3, userIds, metrics, profiles, guilds: { guildOf, names } };
}

async function collect(items: AsyncIterable<Record<string, unknown>>) {
  const all: Array<Record<string, unknown>> = [];
  for await (const item of items) all.push(item);
  return all;
}

const pools: PackingPool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
});

describe('packing with workers', () => {
  const input = season();
  const points = Float64Array.from(input.userIds, (_, i) => (i * 7919) % 1_000);
  const nicknameOf = (i: number) => input.profiles.get(input.userIds[i]!)?.nickname;

  it('writes the same items, byte for byte and in the same order, as packing in one thread', async () => {
    const pool = new PackingPool(2, { pagesPerTask });
    pools.push(pool);
    const alone = roundScope(input);
    const shared = roundScope(input, pool);
    const expected = await collect(alone.items());
    const items = await collect(shared.items());
    // The 7 boards' 12 pages each, at least.
    expect(items.length).toBeGreaterThan(7 * 12);
    expect(items).toEqual(expected);
    // The tasks first sent to the workers are theirs; the job's thread packs what it takes while it waits.
    expect(pool.packed.workers).toBeGreaterThan(0);
    expect(shared.boards).toEqual(alone.boards);
    expect(shared.totals).toEqual(alone.totals);
    const yearly = await collect(yearlyItems('SNAP', input.userIds, points, nicknameOf));
    expect(await collect(yearlyItems('SNAP', input.userIds, points, nicknameOf, pool))).toEqual(yearly);
    // The round scope's users copied instead of encoded again: the same items.
    const known = { userIds: input.userIds, users: shared.users };
    expect(await collect(yearlyItems('SNAP', input.userIds, points, nicknameOf, pool, known))).toEqual(
      yearly,
    );
  });

  it('finishes in the job’s thread when its workers are gone', async () => {
    const pool = new PackingPool(1, { pagesPerTask });
    pools.push(pool);
    await pool.close();
    const items = await collect(roundScope(input, pool).items());
    expect(items).toEqual(await collect(roundScope(input).items()));
    expect(pool.packed).toEqual({ workers: 0, thread: expect.any(Number) as number });
  });

  it('fails the run, never hangs it, when a worker ends with tasks it was sent', async () => {
    const pool = new PackingPool(1, { pagesPerTask });
    pools.push(pool);
    const iterator = roundScope(input, pool).items()[Symbol.asyncIterator]();
    // The first tasks are sent (the worker is still starting), then it ends before it answers.
    const first = iterator.next();
    void pool.close();
    await expect(first).rejects.toThrow(/packing worker ended/);
  });

  it('reads a scope’s sizes only after its items are made', () => {
    expect(() => roundScope(input).boards).toThrow(/items are made/);
  });
});
