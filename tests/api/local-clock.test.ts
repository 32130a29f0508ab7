import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowMs } from '../../functions/src/lib/clock';
import type { Stack } from '../../scripts/local-stack/stack';
import { resetClock } from './support/clock';
import { startOwnStack } from './support/own-stack';

/**
 * `npm start -- --clock …` and POST /dev/clock: the stack, its API processes and its jobs read one
 * game clock, and moving it runs the jobs whose time it passed.
 */
const start = new Date('2026-07-01T06:00:00+09:00');
const hour = 3600_000;
let stack: Stack;

const near = (iso: string, expected: number) => Math.abs(Date.parse(iso) - expected) < 60_000;

async function clock(method: string, body?: string) {
  const response = await fetch(`${stack.url}/dev/clock`, {
    method,
    ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  ({ stack } = await startOwnStack('clock', {
    clock: start,
    jobs: true,
    apiWorkers: 1,
    sharedApiWorkers: 0,
    // The clock and the jobs it runs are checked, not what the jobs do to a season: none is seeded.
    seed: false,
  }));
}, 60_000);
afterAll(async () => {
  await stack?.stop();
  resetClock();
});

describe('the local game clock', () => {
  it('starts at the instant given and reads it from GET /dev/clock', async () => {
    const read = await clock('GET');
    expect(read.status).toBe(200);
    expect(near(String(read.body['now']), start.getTime())).toBe(true);
  });

  it('a move reaches the API processes and runs the jobs whose time it passed before answering', async () => {
    const moved = await clock('POST', JSON.stringify({ at: '2026-07-03T06:00' }));
    expect(moved.status).toBe(200);
    const target = start.getTime() + 48 * hour;
    expect(near(String(moved.body['now']), target)).toBe(true);
    const seen = moved.body['api_processes'] as string[];
    expect(seen).toHaveLength(1);
    expect(seen.every((iso) => near(iso, target))).toBe(true);
    expect(moved.body['jobs_run']).toEqual(['CarryOver', 'RankingRecompute', 'Reminders', 'SaveReceipts']);

    // A move of no time: no job's rate ran out, no deadline passed.
    const small = await clock('POST', JSON.stringify({ advance_minutes: 0 }));
    expect(small.status).toBe(200);
    expect(small.body['jobs_run']).toEqual([]);
  });

  it("the API's answers are dated by the game clock, and GET /api/golf/clock tells it uncached", async () => {
    const answer = await fetch(`${stack.url}/api/golf/clock`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { now } = (await answer.json()) as { now: string };
    expect(near(now, nowMs())).toBe(true);
    expect(near(new Date(answer.headers.get('date')!).toISOString(), nowMs())).toBe(true);
    // An answer the gateway gives itself is dated so too.
    const unknown = await fetch(`${stack.url}/api/golf/no-such-route`);
    expect(unknown.status).toBe(404);
    expect(near(new Date(unknown.headers.get('date')!).toISOString(), nowMs())).toBe(true);
  });

  it('the wrong way: another method, a body that is not a move, an instant that is not one, another stage', async () => {
    const before = nowMs();
    const put = await clock('PUT', JSON.stringify({ at: '2026-08-01T06:00' }));
    expect(put.status).toBe(405);
    for (const body of [
      'not json',
      '{}',
      JSON.stringify({ at: '2026-08-01T06:00', advance_minutes: 5 }),
      JSON.stringify({ advance_minutes: 1.5 }),
      JSON.stringify({ at: 'tomorrow' }),
      JSON.stringify({ at: '2026-13-45T99:00' }),
    ]) {
      const refused = await clock('POST', body);
      expect(refused.status, body).toBe(400);
    }
    process.env['STAGE'] = 'dev';
    try {
      expect((await clock('POST', JSON.stringify({ at: '2026-08-01T06:00' }))).status).toBe(404);
    } finally {
      process.env['STAGE'] = 'local';
    }
    // Nothing moved it.
    expect(Math.abs(nowMs() - before)).toBeLessThan(60_000);
    expect(near(String((await clock('GET')).body['now']), before)).toBe(true);
  });

  it('/dev/clock refuses cross-site requests', async () => {
    const before = nowMs();
    const far = JSON.stringify({ at: '2027-01-01T06:00' });
    const post = async (headers: Record<string, string>, body = far) => {
      const response = await fetch(`${stack.url}/dev/clock`, { method: 'POST', headers, body });
      return { status: response.status, body: (await response.json()) as { message?: string } };
    };
    const json = { 'content-type': 'application/json' };
    const elsewhere = { origin: 'https://attacker.example' };
    const refusals: Array<[Record<string, string>, string, number]> = [
      // A plain form post from another site, and the text/plain form whose body is JSON.
      [{ 'content-type': 'application/x-www-form-urlencoded', ...elsewhere }, 'at=2027-01-01T06:00', 403],
      [{ 'content-type': 'text/plain', ...elsewhere }, far, 403],
      // JSON from another site (after its CORS preflight), from an opaque origin, from another port.
      [{ ...json, ...elsewhere }, far, 403],
      [{ ...json, origin: 'null' }, far, 403],
      [{ ...json, origin: 'http://127.0.0.1:1' }, far, 403],
      [{ ...json, 'sec-fetch-site': 'cross-site' }, far, 403],
      [{ ...json, 'sec-fetch-site': 'same-site' }, far, 403],
      // A form without an Origin (an old browser): not JSON.
      [{ 'content-type': 'text/plain' }, far, 415],
      [{ 'content-type': 'application/x-www-form-urlencoded' }, far, 415],
    ];
    for (const [headers, body, status] of refusals) {
      const refused = await post(headers, body);
      expect(refused.status, JSON.stringify(headers)).toBe(status);
      expect(refused.body.message).toMatch(status === 403 ? /cross-site/ : /application\/json/);
    }
    expect(near(String((await clock('GET')).body['now']), before)).toBe(true);

    // The stack's own page, and a command line's JSON without an Origin (README's curl), move it.
    const still = JSON.stringify({ advance_minutes: 0 });
    const own = { ...json, origin: new URL(stack.url).origin, 'sec-fetch-site': 'same-origin' };
    expect((await post(own, still)).status).toBe(200);
    expect((await post({ 'content-type': 'application/json; charset=utf-8' }, still)).status).toBe(200);
  });
});
