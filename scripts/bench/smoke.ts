import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { repositoryRoot } from '../local-stack/paths';
import { seedTemplateVariable } from '../local-stack/seed-template';
import type { StackOptions } from '../local-stack/stack';

/**
 * `--smoke`: a bench at its smallest size, as `npm test` runs every `npm run bench:*`
 * (scripts/bench/smoke-all.ts), so a bench that no longer runs fails the suite. A smoke run measures
 * the same code but writes no figures: bench/results and docs/performance.md keep the full run's.
 */
export const smoke = process.argv.includes('--smoke');
// A smoke run's DynamoDB Local lives a minute: its JVM skips the optimizing compiler
// (scripts/local-stack/dynamodb-local.ts). The bench's child processes inherit the setting.
if (smoke) process.env['DYNAMODB_LOCAL_SHORT_LIVED'] ??= '1';

/** The size of a full run, or the smoke size. */
export const sized = <T>(full: T, small: T): T => (smoke ? small : full);

/**
 * How a bench's stack gets the sample season: seeded around `now` (the host's time when absent);
 * in a smoke run under `npm test`, which names the run's seed templates in `LOCAL_SEED_TEMPLATE`, a
 * copy of the season seeded once for the run instead (scripts/local-stack/seed-template.ts), which
 * spares seeding it again (about 15 s of CPU). The copy is the same season day's, whose rounds are
 * where the bench's `now` finds them.
 */
export function sampleSeason(now?: Date): Pick<StackOptions, 'seedNow' | 'seedTemplate'> {
  const template = smoke ? process.env[seedTemplateVariable] : undefined;
  if (template) return { seedTemplate: template };
  return now ? { seedNow: now } : {};
}

/** The line a bench prints last in a smoke run. */
const SMOKE_DONE = 'bench smoke run: done';

/** Writes a figures file under the repository (bench/results/*.json, docs/...) unless this is a smoke run. */
export function writeFigures(relativePath: string, text: string): string {
  const file = join(repositoryRoot, relativePath);
  if (smoke) return file;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

/** Where smokeDone counts the smoke runs that reached their end in this process (smoke-all.ts). */
const doneCount = Symbol.for('golf.bench.smokeDone');
const counts = globalThis as unknown as Record<symbol, number | undefined>;

/** Ends a smoke run with the line a reader of its output looks for, and counts it for smoke-all.ts. */
export function smokeDone() {
  if (!smoke) return;
  console.log(SMOKE_DONE);
  counts[doneCount] = smokeRunsDone() + 1;
}

/** How many smoke runs reached their end (`smokeDone()`) in this process so far. */
export function smokeRunsDone(): number {
  return counts[doneCount] ?? 0;
}

/**
 * Puts `section` (which opens with `<!-- name:start -->` and ends with `<!-- name:end -->`) in
 * docs/performance.md in place of the one written before, or at its end, formatted as `oxfmt --check`
 * wants it; unless this is a smoke run.
 */
export async function writePerformanceSection(name: string, section: string) {
  const docPath = join(repositoryRoot, 'docs/performance.md');
  // Imported here: the benches that write no section spare its load.
  const { formatted } = await import('../format');
  const doc = readFileSync(docPath, 'utf8');
  const marked = new RegExp(`<!-- ${name}:start -->[\\s\\S]*<!-- ${name}:end -->`);
  const updated = marked.test(doc) ? doc.replace(marked, section) : `${doc.trimEnd()}\n\n${section}\n`;
  writeFigures('docs/performance.md', await formatted(docPath, updated));
}
