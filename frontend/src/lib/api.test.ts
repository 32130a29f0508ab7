import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeList } from '@golf/shared/contracts';
import { api } from './api';
import { apiRoutes } from './api-routes.gen';

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('the typed API client', () => {
  it('has one call per deployed route row, with its method and path', () => {
    const deployed = routeList().filter((route) => !route.localOnly);
    expect(Object.keys(api).sort()).toEqual(deployed.map((route) => route.name).sort());
    for (const route of deployed)
      expect(apiRoutes[route.name as keyof typeof apiRoutes]).toEqual([route.method, route.path]);
  });

  it('fills the path from params, sends query and body, and reads the answer', async () => {
    const team = {
      game_global_id: 'g1',
      round: 2,
      source: 'manual',
      last_saved_at: '2026-01-01T00:00:00.000Z',
      picks: [{ slot: 3, player_id: 'p 1', auto: false }],
    };
    const fetchMock = vi.fn(async () => jsonResponse(200, team));
    vi.stubGlobal('fetch', fetchMock);
    const saved = await api.savePick({ params: { round: 2, draft: 3 }, body: { player_id: 'p 1' } });
    expect(saved).toEqual(team);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/golf/round/2/draft/3');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe(JSON.stringify({ player_id: 'p 1' }));

    fetchMock.mockResolvedValueOnce(jsonResponse(200, { tournaments: [] }));
    await api.getGuildRanking({ query: { round: 2, page: 3 } }).catch(() => undefined);
    expect((fetchMock.mock.calls[1] as unknown as [string])[0]).toBe(
      '/api/golf/ranking/guild?round=2&page=3',
    );
  });

  it('refuses, in development and tests, an answer that drifts from the row’s response schema', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { round: 'two' })),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(api.getRoundView({ params: { round: 2 } })).rejects.toMatchObject({ code: 'internal' });
  });
});
