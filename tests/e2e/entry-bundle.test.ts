/**
 * What `/` loads before any lazy route (the entry script and the modules it preloads) stays within
 * the top page's budget, and without zod: the first bundle reads its constants from zod-free modules
 * (`shared/src/schemas/values`, `frontend/src/lib/search-params.ts`; docs/adr 0008). Checked on the
 * build the browser journeys open, so an import that drags zod or a large module into the entry
 * fails `npm test` instead of showing up later in `npm run bench:web`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../scripts/local-stack/paths';

const dist = join(repositoryRoot, 'frontend/dist');
/** The top page's JavaScript budget, gzip (issue target 150 KB; `npm run bench:web` measures it loaded). */
const ENTRY_BUDGET_BYTES = 150 * 1024;
/** Strings every zod build carries: its error class and the `_zod` slot of each schema. */
const zodMarkers = ['$ZodError', '._zod'];

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entryFiles = [
  ...html.matchAll(/<script type="module"[^>]*src="\/(assets\/[^"]+\.js)"/g),
  ...html.matchAll(/<link rel="modulepreload"[^>]*href="\/(assets\/[^"]+\.js)"/g),
].map((match) => match[1]!);
const read = (file: string) => readFileSync(join(dist, file), 'utf8');
const hasZod = (code: string) => zodMarkers.some((marker) => code.includes(marker));

describe('the first bundle of the built site', () => {
  it('is the entry script and the modules it preloads', () => {
    expect(entryFiles.filter((file) => /\/index-[^/]+\.js$/.test(file))).toHaveLength(1);
    expect(entryFiles.length).toBeGreaterThan(1);
  });

  it('stays within the 150 KB gzip budget of the top page', () => {
    const bytes = entryFiles.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0);
    expect(bytes).toBeLessThanOrEqual(ENTRY_BUDGET_BYTES);
  });

  it('carries no zod, which the lazy routes load', () => {
    expect(entryFiles.filter((file) => hasZod(read(file)))).toEqual([]);
    // The markers do find zod where it is: some later chunk has it.
    const later = readdirSync(join(dist, 'assets'))
      .map((name) => `assets/${name}`)
      .filter((file) => file.endsWith('.js') && !entryFiles.includes(file));
    expect(later.some((file) => hasZod(read(file)))).toBe(true);
  });
});
