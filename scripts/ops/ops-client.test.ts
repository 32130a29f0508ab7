import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRefusal, opsClient } from './ops-client';

afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the operator CLI’s client', () => {
  it('is typed by the route table: a call that does not fit its row fails the typecheck', () => {
    const api = opsClient('http://ops.test', async () => 'token');
    // Never run: `npm run typecheck` fails if any of these lines stops being an error.
    const misfits = () => [
      // @ts-expect-error no row of the table has this name
      api.markRoundFinale({ body: { game_global_id: 'g', round: 1 } }),
      // @ts-expect-error a body field the row's schema does not have
      api.markRoundFinal({ body: { game_global_id: 'g', round: 1, forced: true } }),
      // @ts-expect-error the row's schema takes the round as a number
      api.markRoundFinal({ body: { game_global_id: 'g', round: '1' } }),
      // @ts-expect-error the row requires a body
      api.cancelTournament(),
      // @ts-expect-error the row reads a query, not a body
      api.getOpsRoundResults({ body: { game_global_id: 'g', round: 1 } }),
      // @ts-expect-error the row's path takes an id
      api.withdrawTopic({ params: {} }),
    ];
    expect(typeof misfits).toBe('function');
  });

  it('sends each call with its row’s method and path, and a refusal as its status and answer', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answer(200, { published: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    const api = opsClient('http://ops.test', async () => 'token');
    await api.withdrawTopic({ params: { id: 'a b' } });
    await api.getRankingStatus({ query: { game_global_id: '2026-01' } });
    expect(fetchMock.mock.calls.map(([url, init]) => [init?.method, url])).toEqual([
      ['DELETE', 'http://ops.test/api/ops/topics/a%20b'],
      ['GET', 'http://ops.test/api/golf/ops/rankings/status?game_global_id=2026-01'],
    ]);
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('authorization')).toBe('Bearer token');

    fetchMock.mockResolvedValueOnce(answer(409, { message: '確定できません。', code: 'conflict' }));
    const refused = await api
      .markRoundFinal({ body: { game_global_id: 'g', round: 1 } })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiRefusal);
    expect(refused).toMatchObject({ status: 409, message: '409 確定できません。' });
  });

  it('answers a page that is not the API’s JSON (the WAF’s, a gateway’s) as a refusal with its status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html><body><h1>403 Forbidden</h1></body></html>', { status: 403 })),
    );
    const refused = await opsClient('http://ops.test', async () => 'token')
      .listTournaments()
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiRefusal);
    expect((refused as ApiRefusal).status).toBe(403);
    expect((refused as ApiRefusal).message).toMatch(/^403 .*403 Forbidden$/);
  });

  it('the CLI spells no API path: every call goes through the route table', () => {
    const sources = readdirSync(import.meta.dirname).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    for (const file of sources)
      expect(readFileSync(join(import.meta.dirname, file), 'utf8'), file).not.toMatch(/['`"]\/api\//);
  });
});
