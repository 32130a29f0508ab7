import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeList } from '../../shared/src/contracts';
import { sharedCacheCode, spaRewriteCode } from '../lib/cloudfront-functions';
import { repositoryRoot } from '../lib/paths';

interface EdgeRequest {
  method: string;
  uri: string;
  headers: Record<string, { value: string }>;
}

/** Runs viewer-request code the way CloudFront does: a global `handler(event)`. */
function run(code: string, request: EdgeRequest): EdgeRequest {
  const handler = new Function(`${code}\nreturn handler;`)() as (event: {
    request: EdgeRequest;
  }) => EdgeRequest;
  return handler({ request: structuredClone(request) });
}

const signedIn = (method: string, uri: string): EdgeRequest => ({
  method,
  uri,
  headers: { authorization: { value: 'Bearer token' }, accept: { value: 'application/json' } },
});

describe('SPA rewrite', () => {
  it.each([
    ['/', '/index.html'],
    ['/ranking/golf/personal', '/index.html'],
    ['/guild/manage/12/update', '/index.html'],
    ['/assets/index-abc123.js', '/assets/index-abc123.js'],
    ['/favicon.ico', '/favicon.ico'],
    ['/robots.txt', '/robots.txt'],
  ])('%s -> %s', (uri, expected) => {
    expect(run(spaRewriteCode, { method: 'GET', uri, headers: {} }).uri).toBe(expected);
  });

  it('finding 8: robots.txt and favicon.ico are files of the build, which the bucket serves as themselves', () => {
    for (const file of ['robots.txt', 'favicon.ico'])
      expect(existsSync(join(repositoryRoot, 'frontend/public', file)), file).toBe(true);
  });
});

describe('shared cache on /api/*', () => {
  const code = sharedCacheCode(routeList().filter((route) => !route.localOnly));

  it('drops Authorization on public answers that a shared cache may keep', () => {
    for (const uri of ['/api/master/prefectures', '/api/golf/schedule/score', '/api/golf/round/3/field']) {
      const request = run(code, signedIn('GET', uri));
      expect(request.headers['authorization'], uri).toBeUndefined();
      expect(request.headers['accept']).toBeDefined();
    }
  });

  it('keeps Authorization everywhere else', () => {
    for (const [method, uri] of [
      ['GET', '/api/user/me'],
      ['GET', '/api/golf/schedule/score/me'],
      ['GET', '/api/golf/round/3'],
      ['PUT', '/api/golf/round/3/team'],
      ['POST', '/api/golf/round/3/auto/condition'],
      ['GET', '/api/golf/guild/mine'],
      ['GET', '/api/unknown'],
    ] as const) {
      expect(run(code, signedIn(method, uri)).headers['authorization'], `${method} ${uri}`).toBeDefined();
    }
  });

  it('lets a literal path win over a parameter, as the route table does', () => {
    const code = sharedCacheCode([
      {
        name: 'x',
        method: 'GET',
        path: '/api/golf/guild/{id}',
        handler: 'x',
        access: 'public',
        aws: { table: 'read', keys: { read: ['GUILD#'] } },
        cacheSeconds: 60,
      },
      {
        name: 'y',
        method: 'GET',
        path: '/api/golf/guild/mine',
        handler: 'y',
        access: 'user',
        aws: { table: 'read', keys: { read: ['GUILD#'] } },
      },
    ]);
    expect(run(code, signedIn('GET', '/api/golf/guild/mine')).headers['authorization']).toBeDefined();
    expect(run(code, signedIn('GET', '/api/golf/guild/7')).headers['authorization']).toBeUndefined();
  });

  it('fits the CloudFront Functions size limit', () => {
    expect(Buffer.byteLength(code)).toBeLessThan(10_240);
  });
});
