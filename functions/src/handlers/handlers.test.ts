import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routeList } from '@golf/shared/contracts';

const handlersDir = dirname(fileURLToPath(import.meta.url));

describe('every route in the table has its handler, which serves that row', () => {
  it.each(routeList().map((route) => [route.name, route.handler] as const))(
    '%s -> %s',
    async (name, handler) => {
      const file = join(handlersDir, `${handler}.ts`);
      expect(existsSync(file)).toBe(true);
      const module = (await import(file)) as { handler?: { routeName?: string } };
      expect(typeof module.handler).toBe('function');
      // The row it imports and wraps is its own (a copied handler naming another row fails here).
      expect(module.handler?.routeName).toBe(name);
    },
  );
});
