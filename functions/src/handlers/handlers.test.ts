import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routeList } from '@golf/shared/contracts';

const handlersDir = dirname(fileURLToPath(import.meta.url));

describe('every route in the table has its handler', () => {
  it.each(routeList().map((route) => [route.name, route.handler] as const))(
    '%s -> %s',
    async (_name, handler) => {
      const file = join(handlersDir, `${handler}.ts`);
      expect(existsSync(file)).toBe(true);
      const module = (await import(file)) as { handler?: unknown };
      expect(typeof module.handler).toBe('function');
    },
  );
});
