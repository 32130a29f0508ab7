import { describe, expect, it } from 'vitest';
import { buildApiUrl, createRouteClient, routePath } from './route-client';

describe('the route client', () => {
  it('encodes params into their path segment', () => {
    expect(routePath('/api/golf/guild/{id}/member/{user_id}/kick', { id: 'g1', user_id: 'a/b c' })).toBe(
      '/api/golf/guild/g1/member/a%2Fb%20c/kick',
    );
  });

  it('appends defined query values only', () => {
    expect(buildApiUrl('/api/golf/schedule/score', { game_global_id: '2026-01', page: undefined })).toBe(
      '/api/golf/schedule/score?game_global_id=2026-01',
    );
    expect(buildApiUrl('/api/x', { rank: null })).toBe('/api/x');
  });

  it('hands the transport the row’s method, the filled path, the query and the body', async () => {
    const sent: unknown[] = [];
    const client = createRouteClient(
      {
        savePick: ['PUT', '/api/golf/round/{round}/draft/{draft}'],
        getGameClock: ['GET', '/api/golf/clock'],
      },
      async (request) => sent.push(request),
    );
    await client.savePick({ params: { round: 2, draft: 3 }, body: { player_id: 'p1' } });
    await client.getGameClock();
    expect(sent).toEqual([
      { name: 'savePick', method: 'PUT', path: '/api/golf/round/2/draft/3', body: { player_id: 'p1' } },
      { name: 'getGameClock', method: 'GET', path: '/api/golf/clock' },
    ]);
  });
});
