import { describe, expect, it } from 'vitest';
import { routeList } from '../../shared/src/contracts';
import { apiPoolOf } from './api-workers';

const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '7');

describe('apiPoolOf', () => {
  it('sends the shared reads to their own processes and every other call to the others', () => {
    const shared = routeList().filter((route) => apiPoolOf(route.method, concrete(route.path)) === 'shared');
    expect(shared.map((route) => route.name).sort()).toEqual(
      routeList()
        .filter(
          (route) => route.method === 'GET' && route.access === 'public' && route.cacheSeconds !== undefined,
        )
        .map((route) => route.name)
        .sort(),
    );
    expect(shared.map((route) => route.name)).toContain('getPersonalRanking');
  });

  it('reads the path without its query, and keeps the signed-in calls beside it apart', () => {
    expect(apiPoolOf('GET', '/api/golf/ranking?page=3&type=1&round=2')).toBe('shared');
    expect(apiPoolOf('HEAD', '/api/golf/schedule/score')).toBe('shared');
    expect(apiPoolOf('GET', '/api/golf/ranking/user?round=2')).toBe('general');
    expect(apiPoolOf('GET', '/api/golf/round/2/team/u-1')).toBe('general');
    expect(apiPoolOf('PUT', '/api/golf/round/2/team')).toBe('general');
    expect(apiPoolOf('GET', '/api/no/such/route')).toBe('general');
    expect(apiPoolOf('GET', '/api/golf/ranking/%ZZ')).toBe('general');
  });

  it('finding 1: a read whose path has malformed escapes goes to the general pool instead of throwing', () => {
    for (const path of [
      '/api/golf/guild/%E0%A4%A/show',
      '/api/master/%ZZ',
      '/api/golf/player/%ZZ',
      '/api/golf/round/%ff/team/u-1',
    ]) {
      expect(apiPoolOf('GET', path), path).toBe('general');
      expect(apiPoolOf('HEAD', `${path}?page=%ff`), path).toBe('general');
    }
  });
});
