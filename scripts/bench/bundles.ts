import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { routeList } from '../../shared/src/contracts';
import { bundleOptions } from '../../infra/lib/constructs/api-function';
import { handlerEntry, repositoryRoot } from '../../infra/lib/paths';
import { scheduledJobs } from '../../infra/lib/stacks/jobs-stack';
import { percentile } from './stats';

/**
 * `npm run bench:bundles`: every Lambda bundle as the CDK builds it (esbuild, minified ESM for
 * Node 22, the SDK included), its size, and its cold import time: a fresh Node process importing
 * the bundle, median of 5. Writes bench/results/bundles.json and the table in docs/performance.md.
 */
const runs = 5;
const targetMs = 150;

const functions = [
  ...routeList()
    .filter((route) => !route.localOnly)
    .map((route) => ({ name: route.name, entry: handlerEntry(route.handler) })),
  ...scheduledJobs.map((job) => ({
    name: `job ${job.name}`,
    entry: join(repositoryRoot, 'functions/src/jobs', `${job.module}.ts`),
  })),
  { name: 'trigger CustomSignIn', entry: join(repositoryRoot, 'functions/src/triggers/custom-auth.ts') },
];

/** Milliseconds a new Node process takes to import the bundle (its own start-up left out). */
function coldImportMs(file: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(file)}); console.log(performance.now() - t);`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    // As in AWS: no local defaults, every setting given (the values are never used by an import).
    env: {
      PATH: process.env['PATH'] ?? '',
      STAGE: 'bench',
      TABLE_NAME: 'bench',
      UPLOADS_BUCKET: 'bench',
      AUTH_ISSUER: 'https://issuer.example',
      AUTH_JWKS_URL: 'https://issuer.example/jwks.json',
      AUTH_AUDIENCE: 'bench',
      AUTH_OAUTH_URL: 'https://auth.example',
      MAIL_FROM: 'no-reply@golf.example.jp',
      SITE_URL: 'https://golf.example.jp',
      RANKING_JOB_FUNCTION: 'bench-ranking',
      AWS_REGION: 'ap-northeast-1',
    },
    encoding: 'utf8',
  });
  return Number(output.trim());
}

const loadBefore = loadavg()[0]!;
const out = mkdtempSync(join(tmpdir(), 'golf-bundles-'));
const results: Array<{
  name: string;
  bytes: number;
  gzipBytes: number;
  importMs: number;
  samplesMs: number[];
}> = [];
try {
  for (const fn of functions) {
    const dir = join(out, fn.name.replace(/\W+/g, '-'));
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'index.mjs');
    await build({
      ...bundleOptions,
      entryPoints: [fn.entry],
      outfile: file,
      absWorkingDir: repositoryRoot,
      logLevel: 'silent',
    });
    const bytes = statSync(file).size;
    const gzipBytes = gzipSync(readFileSync(file)).length;
    const samplesMs = Array.from({ length: runs }, () => coldImportMs(file));
    const importMs = percentile(samplesMs, 50);
    results.push({ name: fn.name, bytes, gzipBytes, importMs, samplesMs });
    console.log(
      `${fn.name.padEnd(28)} ${(bytes / 1024).toFixed(0).padStart(6)} KB  ${importMs.toFixed(1).padStart(7)} ms`,
    );
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const sorted = [...results].sort((a, b) => b.importMs - a.importMs);
const over = results.filter((result) => result.importMs >= targetMs);
const summary = {
  measured_at: new Date().toISOString(),
  node: process.version,
  runs,
  /** The machine's 1-minute load average before and after: the figures are only as quiet as it was. */
  load_average: [loadBefore, loadavg()[0]!],
  target_ms: targetMs,
  functions: results.length,
  slowest_import_ms: sorted[0]!.importMs,
  median_import_ms: percentile(
    results.map((r) => r.importMs),
    50,
  ),
  largest_bytes: Math.max(...results.map((r) => r.bytes)),
  over_target: over.map((r) => r.name),
  results,
};
mkdirSync(join(repositoryRoot, 'bench/results'), { recursive: true });
writeFileSync(join(repositoryRoot, 'bench/results/bundles.json'), `${JSON.stringify(summary, null, 2)}\n`);

const table = [
  '| function | bundle | gzipped | cold import (median of 5) |',
  '| -------- | ------ | ------- | ------------------------- |',
  ...sorted.map((r) => `| ${r.name} | ${kb(r.bytes)} | ${kb(r.gzipBytes)} | ${r.importMs.toFixed(1)} ms |`),
].join('\n');
const section = `<!-- bundles:start -->
## Lambda bundles: size and cold import

\`npm run bench:bundles\` (scripts/bench/bundles.ts) builds each function's bundle with the options
the CDK uses (\`bundleOptions\` in infra/lib/constructs/api-function.ts: minified ESM for Node 22, the
AWS SDK included) and imports it in a fresh Node process, ${runs} times; the median is shown. Measured
${summary.measured_at.slice(0, 10)} on the development machine (${process.version}, 2 cores shared
with other work; 1-minute load average ${summary.load_average.map((l) => l.toFixed(1)).join(' then ')}). Target: each import under ${targetMs} ms: ${
  over.length === 0
    ? 'met by every function'
    : over.length > 5
      ? `missed by ${over.length} of ${results.length} functions`
      : `missed by ${over.map((r) => r.name).join(', ')}`
}. Slowest ${summary.slowest_import_ms.toFixed(1)} ms, median ${summary.median_import_ms.toFixed(1)} ms,
largest bundle ${kb(summary.largest_bytes)}; ${results.length} functions.

${table}
<!-- bundles:end -->`;
const docPath = join(repositoryRoot, 'docs/performance.md');
const doc = readFileSync(docPath, 'utf8');
const marked = /<!-- bundles:start -->[\s\S]*<!-- bundles:end -->/;
writeFileSync(docPath, marked.test(doc) ? doc.replace(marked, section) : `${doc.trimEnd()}\n\n${section}\n`);
console.log(`\nwrote bench/results/bundles.json and ${relative(repositoryRoot, docPath)}`);
