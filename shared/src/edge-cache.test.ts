import { describe, expect, it } from 'vitest';
import { apiCachePolicy, edgeCacheKey, edgePolicyFor, edgeTtlSeconds, siteCachePolicy } from './edge-cache';

describe('edge TTL', () => {
  it('follows s-maxage, then max-age, held between the policy’s minimum and maximum', () => {
    expect(edgeTtlSeconds(apiCachePolicy, 'public, max-age=30, s-maxage=20')).toBe(20);
    expect(edgeTtlSeconds(apiCachePolicy, 'public, max-age=30')).toBe(30);
    expect(edgeTtlSeconds(apiCachePolicy, 'max-age=999999999')).toBe(86_400);
    expect(edgeTtlSeconds(siteCachePolicy, 'max-age=0')).toBe(1);
  });

  it('keeps no-store, no-cache and private answers only the minimum TTL', () => {
    for (const directive of ['no-store', 'no-cache', 'private, max-age=60']) {
      expect(edgeTtlSeconds(apiCachePolicy, directive)).toBe(0);
      expect(edgeTtlSeconds(siteCachePolicy, directive)).toBe(1);
    }
  });

  it('keeps an answer without Cache-Control the default TTL', () => {
    expect(edgeTtlSeconds(apiCachePolicy, undefined)).toBe(0);
    expect(edgeTtlSeconds(siteCachePolicy, '')).toBe(86_400);
  });
});

describe('edge behaviours and keys', () => {
  it('serves /api/* by the API policy and everything else by the site policy', () => {
    expect(edgePolicyFor('/api/golf/ranking')).toBe(apiCachePolicy);
    expect(edgePolicyFor('/apix')).toBe(siteCachePolicy);
    expect(edgePolicyFor('/assets/index.js')).toBe(siteCachePolicy);
  });

  it('keys API answers on the query string and Authorization, site files on the path only', () => {
    const request = (query: string, authorization?: string) => ({
      path: '/x',
      query,
      headers: { authorization },
    });
    const api = (query: string, authorization?: string) =>
      edgeCacheKey(apiCachePolicy, request(query, authorization), 'gzip');
    expect(api('?page=1')).not.toBe(api('?page=2'));
    expect(api('?page=1', 'Bearer a')).not.toBe(api('?page=1', 'Bearer b'));
    expect(api('?page=1')).toBe(api('?page=1'));
    expect(edgeCacheKey(siteCachePolicy, request('?a', 'Bearer a'), null)).toBe(
      edgeCacheKey(siteCachePolicy, request('?b'), null),
    );
    expect(edgeCacheKey(apiCachePolicy, request(''), 'br')).not.toBe(
      edgeCacheKey(apiCachePolicy, request(''), 'gzip'),
    );
  });
});
