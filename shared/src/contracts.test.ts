import { describe, expect, it } from 'vitest';
import { matchRoute, routeList, routes, type RouteDefinition, type RouteName } from './contracts';

const table = (rows: Array<Omit<RouteDefinition, 'name' | 'handler' | 'access' | 'aws'>>) =>
  rows.map((row, index) => ({
    ...row,
    handler: `h${index}`,
    access: 'public' as const,
    aws: { table: 'none' as const },
    name: `r${index}` as RouteName,
  }));

describe('route table', () => {
  it('has one row per method and path, every path under /api/', () => {
    const keys = routeList().map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of routeList()) expect(route.path).toMatch(/^\/api\//);
  });

  it('names each row once across the areas (no row of one area hides another)', () => {
    const names = routeList().map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual(Object.keys(routes).sort());
  });

  it('gives each row the name of its key, which its handler is known by', () => {
    for (const [key, row] of Object.entries(routes)) expect(row.name).toBe(key);
  });

  it('matches parameters and decodes them', () => {
    const match = matchRoute('GET', '/api/master/prefecture');
    expect(match && 'route' in match && match.route.name).toBe('getMasterList');
    expect(match && 'route' in match && match.params).toEqual({ list: 'prefecture' });
  });

  it('prefers literal segments over parameters', () => {
    const rows = table([
      { method: 'GET', path: '/api/a/{id}/b' },
      { method: 'GET', path: '/api/a/fixed/b' },
    ]);
    const match = matchRoute('GET', '/api/a/fixed/b', rows);
    expect(match && 'route' in match && match.route.handler).toBe('h1');
    const other = matchRoute('GET', '/api/a/x%20y/b', rows);
    expect(other && 'route' in other && other.params).toEqual({ id: 'x y' });
  });

  it('tells a wrong method from an unknown path', () => {
    expect(matchRoute('DELETE', '/api/master/age')).toEqual({ methodNotAllowed: true });
    expect(matchRoute('GET', '/api/nope')).toBeNull();
    expect(matchRoute('GET', '/api/master/')).toBeNull();
  });

  it('ignores a trailing slash', () => {
    const match = matchRoute('GET', '/api/golf/schedule/score/');
    expect(match && 'route' in match && match.route.name).toBe('getTournamentScore');
  });
});
