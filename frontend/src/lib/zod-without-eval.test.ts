import { describe, expect, it } from 'vitest';
import './zod-without-eval';
import * as z from 'zod';

describe('zod in the browser', () => {
  it('builds its parsers without eval, as the CSP requires', () => {
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
