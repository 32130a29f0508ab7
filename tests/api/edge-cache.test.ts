/**
 * The local edge caches as the CloudFront behaviours do (shared/src/edge-cache.ts): a public
 * ranking page is served again from the edge until its 30 s end, whoever asks; an authenticated
 * answer never is; a new snapshot shows once the TTL has passed. With API processes, the calls run
 * in those processes and the edge in front answers the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awsCallsByRoute } from '../../scripts/local-stack/lambda-adapter';
import type { Stack } from '../../scripts/local-stack/stack';
import { rankingStateRepository } from '../../functions/src/db/repositories/ranking-state-repository';
import { runRankingJob } from '../../functions/src/domain/ranking/job/publish-job';
import { rankingPageResponseSchema } from '../../shared/src/schemas/ranking';
import { currentTournament, deriveSchedule } from '../../shared/src/schedule/derive-schedule';
import { generateSampleSeason } from '../../scripts/seed/generate';
import { sampleTournamentItems } from '../../scripts/seed/seed';
import { batchWriteAll } from '../../functions/src/db/batch-write';
import { userRepository } from '../../functions/src/db/repositories/user-repository';
import { newPlayer } from '../../functions/src/domain/account/account-service';
import { startOwnStack } from './support/own-stack';

let clock = Date.now();
const now = new Date(clock);
const season = generateSampleSeason(now);
const gameGlobalId = currentTournament(
  season.tournaments.map((r) => ({ ...deriveSchedule(r, now), record: r })),
)!.record.game_global_id;

async function get(stack: Stack, path: string, token?: string) {
  const response = await fetch(stack.url + path, {
    headers: { 'accept-encoding': 'gzip', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: response.status, cache: response.headers.get('x-cache'), body: await response.json() };
}

describe('the local edge', () => {
  let stack: Stack;
  let token: (sub: string) => Promise<string>;

  beforeAll(async () => {
    const own = await startOwnStack('edge', { edgeCache: { now: () => clock } });
    stack = own.stack;
    token = own.token;
    await rankingStateRepository.markStale(gameGlobalId, now);
    await runRankingJob({ now });
  }, 120_000);
  afterAll(() => stack?.stop());

  it('serves a public ranking page again from the edge, to visitors and players alike', async () => {
    const path = '/api/golf/ranking?page=1&type=1';
    const first = await get(stack, path);
    expect(first).toMatchObject({ status: 200, cache: 'Miss from cloudfront' });
    const again = await get(stack, path);
    expect(again).toMatchObject({ status: 200, cache: 'Hit from cloudfront', body: first.body });
    // The viewer function drops Authorization on shared pages, so a player gets the same entry.
    const signedIn = await get(stack, path, await token('edge-reader'));
    expect(signedIn).toMatchObject({ status: 200, cache: 'Hit from cloudfront', body: first.body });
    // Another query string is another entry.
    expect((await get(stack, '/api/golf/ranking?page=2&type=1')).cache).toBe('Miss from cloudfront');
  });

  it('never serves an authenticated answer from the edge', async () => {
    await userRepository.createUserIfAbsent(
      newPlayer('edge-own-rank', now, {
        status: 'complete',
        is_accepted_policy: true,
        is_registed_email: true,
      }),
    );
    const reader = await token('edge-own-rank');
    const path = `/api/golf/ranking/user?game_global_id=${encodeURIComponent(gameGlobalId)}`;
    for (let i = 0; i < 3; i++) {
      const mine = await get(stack, path, reader);
      expect(mine).toMatchObject({ status: 200, cache: 'Miss from cloudfront' });
    }
    // Without the token the route still refuses: no answer of a player was kept for a visitor.
    expect((await get(stack, path)).status).toBe(401);
  });

  it('shows a new snapshot once the page’s TTL has passed, and not before', async () => {
    // An entry of its own (the same page named by its tournament), kept by no test before this one.
    const path = `/api/golf/ranking?page=1&type=1&game_global_id=${encodeURIComponent(gameGlobalId)}`;
    const before = rankingPageResponseSchema.parse((await get(stack, path)).body);
    clock += 1_000;
    await rankingStateRepository.markStale(gameGlobalId, new Date(clock));
    await runRankingJob({ now: new Date(clock) });
    const cached = await get(stack, path);
    expect(cached.cache).toBe('Hit from cloudfront');
    expect(rankingPageResponseSchema.parse(cached.body).snapshot_id).toBe(before.snapshot_id);
    clock += 30_000;
    const fresh = await get(stack, path);
    expect(fresh.cache).toBe('Miss from cloudfront');
    expect(rankingPageResponseSchema.parse(fresh.body).snapshot_id).not.toBe(before.snapshot_id);
  });
});

describe('the API in processes of its own', () => {
  let stack: Stack;
  let token: (sub: string) => Promise<string>;

  beforeAll(async () => {
    const own = await startOwnStack('workers', { edgeCache: true, apiWorkers: 2, seed: false });
    stack = own.stack;
    token = own.token;
    // The calls need a tournament going on, not a season's teams and rankings: only its schedule.
    await batchWriteAll(sampleTournamentItems(season, gameGlobalId));
  }, 120_000);
  afterAll(() => stack?.stop());

  it('answers public and authenticated calls from the API processes, behind the edge', async () => {
    const before = awsCallsByRoute.get('getTournamentScore')?.size ?? 0;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => get(stack, '/api/golf/schedule/score')),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    expect((await get(stack, '/api/golf/schedule/score')).cache).toBe('Hit from cloudfront');
    const mine = await get(stack, '/api/user/me', await token('worker-player'));
    expect(mine.cache).toBe('Miss from cloudfront');
    expect(mine.status).toBeLessThan(500);
    // The shared read the edge missed went to the shared reads' own process, the signed-in call
    // to the others (as each route is its own function in AWS).
    const calls = { ...stack.apiCalls! };
    expect(calls.shared).toBeGreaterThanOrEqual(1);
    expect(calls.general).toBeGreaterThanOrEqual(1);
    await get(stack, '/api/golf/ranking?page=1&type=1&round=1');
    expect(stack.apiCalls).toEqual({ shared: calls.shared + 1, general: calls.general });
    await get(stack, '/api/golf/ranking/user?round=1', await token('worker-player'));
    expect(stack.apiCalls).toEqual({ shared: calls.shared + 1, general: calls.general + 1 });
    // The handlers ran in the other processes, not in this one.
    expect(awsCallsByRoute.get('getTournamentScore')?.size ?? 0).toBe(before);
    expect((await get(stack, '/api/golf/ranking/user')).status).toBe(401);
  });

  it('the local edge never serves a HEAD’s empty body to a GET', async () => {
    const call = async (method: 'GET' | 'HEAD', path: string) => {
      const response = await fetch(stack.url + path, { method, headers: { 'accept-encoding': 'identity' } });
      return {
        status: response.status,
        cache: response.headers.get('x-cache'),
        length: response.headers.get('content-length'),
        text: await response.text(),
      };
    };
    const bytes = (text: string) => String(Buffer.byteLength(text));
    // A HEAD first: the edge keeps the whole answer, and the HEAD gets its headers only.
    // An entry of its own (the current tournament named), which no GET has made yet.
    const path = `/api/golf/schedule/score?game_global_id=${encodeURIComponent(gameGlobalId)}`;
    const head = await call('HEAD', path);
    expect(head).toMatchObject({ status: 200, cache: 'Miss from cloudfront', text: '' });
    const after = await call('GET', path);
    expect(after).toMatchObject({ status: 200, cache: 'Hit from cloudfront' });
    expect(after.text).not.toBe('');
    expect(JSON.parse(after.text)).toEqual(JSON.parse((await call('GET', '/api/golf/schedule/score')).text));
    expect([head.length, after.length]).toEqual([bytes(after.text), bytes(after.text)]);
    // A GET first: a HEAD is answered from its entry, without the body.
    const getFirst = '/api/golf/schedule/score';
    const whole = await call('GET', getFirst);
    expect(await call('HEAD', getFirst)).toMatchObject({
      status: 200,
      cache: 'Hit from cloudfront',
      length: bytes(whole.text),
      text: '',
    });
    expect((await call('GET', getFirst)).text).toBe(whole.text);
  });
});
