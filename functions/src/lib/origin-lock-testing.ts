import { afterEach, beforeEach } from 'vitest';
import { resetConfig } from './config';
import { resetOriginLock } from './origin-lock';

/** For the tests of a describe block: the origin lock on (ORIGIN_SECRET_ID), nothing loaded yet. */
export function lockOriginDuringEachTest(secretId: string): void {
  beforeEach(() => {
    process.env['ORIGIN_SECRET_ID'] = secretId;
    process.env['LOG_LEVEL'] = 'silent';
    resetConfig();
    resetOriginLock();
  });
  afterEach(() => {
    delete process.env['ORIGIN_SECRET_ID'];
    resetConfig();
    resetOriginLock();
  });
}
