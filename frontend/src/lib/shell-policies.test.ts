import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { isChunkLoadError } from './chunk-reload';
import { shouldPrefetch } from './connection';
import { shouldRetry } from './query-client';

describe('shouldPrefetch', () => {
  it('prefetches unless the connection is 2g or saves data', () => {
    expect(shouldPrefetch(undefined)).toBe(true);
    expect(shouldPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(shouldPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(shouldPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(shouldPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
  });
});

describe('isChunkLoadError', () => {
  it('recognises the browsers’ messages for a missing chunk', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('something else'))).toBe(false);
  });
});

describe('shouldRetry', () => {
  const error = (status: number) => new ApiError({ status, code: 'internal', message: '' });

  it('retries outages twice and never what the server refused on purpose', () => {
    expect(shouldRetry(0, error(503))).toBe(true);
    expect(shouldRetry(1, error(0))).toBe(true);
    expect(shouldRetry(2, error(500))).toBe(false);
    expect(shouldRetry(0, error(404))).toBe(false);
    expect(shouldRetry(0, error(422))).toBe(false);
  });
});
