import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { routeList } from '../../shared/src/contracts';
import {
  bundleOptions,
  functionNodeOptions,
  installedPackagesOf,
} from '../../infra/lib/constructs/api-function';
import { handlerEntry, repositoryRoot } from '../../infra/lib/paths';
import { scheduledJobs } from '../../infra/lib/stacks/jobs-stack';
import { percentile } from './stats';
import { sized, smoke, smokeDone, writeFigures, writePerformanceSection } from './smoke';

/**
 * `npm run bench:bundles`: every Lambda bundle as the CDK builds it (esbuild, minified ESM for
 * Node 22, the SDK included, its source map beside it), its size, and its cold import time: a fresh
 * Node process, started with the functions' NODE_OPTIONS, importing the bundle, median of 5. Each
 * import's CPU time is kept too: on a shared machine the wall time mostly measures the other work,
 * the CPU time much less. Writes bench/results/bundles.json and the table in docs/performance.md.
 * `-- --smoke`: one route, the ranking job and the trigger, imported once, nothing written.
 */
const runs = sized(5, 1);
const targetMs = 150;

const allFunctions = [
  ...routeList()
    .filter((route) => !route.localOnly)
    .map((route) => ({ name: route.name, entry: handlerEntry(route.handler) })),
  ...scheduledJobs.map((job) => ({
    name: `job ${job.name}`,
    entry: join(repositoryRoot, 'functions/src/jobs', `${job.module}.ts`),
  })),
  { name: 'trigger CustomSignIn', entry: join(repositoryRoot, 'functions/src/triggers/custom-auth.ts') },
];
const functions = smoke
  ? allFunctions.filter(
      (fn, i) => i === 0 || fn.name.startsWith('job Ranking') || fn.name.startsWith('trigger'),
    )
  : allFunctions;

interface ImportSample {
  /** Milliseconds a new Node process takes to import the bundle (its own start-up left out). */
  wallMs: number;
  /** CPU milliseconds (user + system, every thread) the process spent on that import. */
  cpuMs: number;
}

function coldImport(file: string): ImportSample {
  const script = [
    'const cpu = process.cpuUsage(), t = performance.now();',
    `await import(${JSON.stringify(file)});`,
    'const wall = performance.now() - t, used = process.cpuUsage(cpu);',
    'console.log(JSON.stringify({ wallMs: wall, cpuMs: (used.user + used.system) / 1000 }));',
  ].join(' ');
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    // As in AWS: no local defaults, every setting given (the values are never used by an import).
    env: {
      PATH: process.env['PATH'] ?? '',
      NODE_OPTIONS: functionNodeOptions,
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
      // What Lambda's Node.js 22 runtime sets: the Tracer and the X-Ray SDK load as they do there.
      AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
    },
    encoding: 'utf8',
    // The SDK warns on stderr about Node 20 (the machine's); Lambda runs Node 22.
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return JSON.parse(output.trim().split('\n').at(-1)!) as ImportSample;
}

interface Summary {
  measured_at: string;
  median_import_ms: number;
  median_cpu_ms?: number;
  largest_bytes: number;
  results: Array<{ name: string; bytes: number; importMs: number; cpuMs?: number }>;
}
const resultsPath = join(repositoryRoot, 'bench/results/bundles.json');
/** The previous run, to print each function's figures before and after a change. */
const previous: Summary | undefined = existsSync(resultsPath)
  ? (JSON.parse(readFileSync(resultsPath, 'utf8')) as Summary)
  : undefined;
const before = new Map(previous?.results.map((result) => [result.name, result]));

const loadBefore = loadavg()[0]!;
const out = mkdtempSync(join(tmpdir(), 'golf-bundles-'));
const results: Array<{
  name: string;
  bytes: number;
  gzipBytes: number;
  mapBytes: number;
  importMs: number;
  cpuMs: number;
  samplesMs: number[];
  cpuSamplesMs: number[];
}> = [];
try {
  for (const fn of functions) {
    const dir = join(out, fn.name.replace(/\W+/g, '-'));
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'index.mjs');
    await build({
      ...bundleOptions,
      // As deployed: the packages installed next to the bundle stay out of it.
      external: [...bundleOptions.external, ...installedPackagesOf(fn.entry)],
      entryPoints: [fn.entry],
      outfile: file,
      absWorkingDir: repositoryRoot,
      logLevel: 'silent',
    });
    const bytes = statSync(file).size;
    const gzipBytes = gzipSync(readFileSync(file)).length;
    const mapBytes = statSync(`${file}.map`).size;
    const samples = Array.from({ length: runs }, () => coldImport(file));
    const samplesMs = samples.map((sample) => sample.wallMs);
    const cpuSamplesMs = samples.map((sample) => sample.cpuMs);
    const importMs = percentile(samplesMs, 50);
    const cpuMs = percentile(cpuSamplesMs, 50);
    results.push({ name: fn.name, bytes, gzipBytes, mapBytes, importMs, cpuMs, samplesMs, cpuSamplesMs });
    const old = before.get(fn.name);
    const was = old
      ? `   before: ${(old.bytes / 1024).toFixed(0).padStart(5)} KB ${old.importMs.toFixed(1).padStart(7)} ms${old.cpuMs === undefined ? '' : ` ${old.cpuMs.toFixed(1).padStart(6)} ms CPU`}`
      : '';
    console.log(
      `${fn.name.padEnd(28)} ${(bytes / 1024).toFixed(0).padStart(6)} KB  ${importMs.toFixed(1).padStart(7)} ms  ${cpuMs.toFixed(1).padStart(6)} ms CPU${was}`,
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
  median_cpu_ms: percentile(
    results.map((r) => r.cpuMs),
    50,
  ),
  slowest_cpu_ms: Math.max(...results.map((r) => r.cpuMs)),
  largest_bytes: Math.max(...results.map((r) => r.bytes)),
  over_target: over.map((r) => r.name),
  results,
};
writeFigures(relative(repositoryRoot, resultsPath), `${JSON.stringify(summary, null, 2)}\n`);
const cpu = (value: number | undefined) => (value === undefined ? 'not measured' : `${value.toFixed(1)} ms`);
if (previous) {
  console.log(
    `\nbefore (${previous.measured_at}): median import ${previous.median_import_ms.toFixed(1)} ms, ` +
      `median CPU ${cpu(previous.median_cpu_ms)}, largest bundle ${kb(previous.largest_bytes)}`,
  );
}
console.log(
  `after  (${summary.measured_at}): median import ${summary.median_import_ms.toFixed(1)} ms, ` +
    `median CPU ${cpu(summary.median_cpu_ms)}, largest bundle ${kb(summary.largest_bytes)}`,
);

const table = [
  '| function | bundle | gzipped | source map | cold import (median of 5) | its CPU time (median) |',
  '| -------- | ------ | ------- | ---------- | ------------------------- | --------------------- |',
  ...sorted.map(
    (r) =>
      `| ${r.name} | ${kb(r.bytes)} | ${kb(r.gzipBytes)} | ${kb(r.mapBytes)} | ${r.importMs.toFixed(1)} ms | ${r.cpuMs.toFixed(1)} ms |`,
  ),
].join('\n');
const section = `<!-- bundles:start -->
## Lambda bundles: size and cold import

\`npm run bench:bundles\` (scripts/bench/bundles.ts) builds each function's bundle with the options
the CDK uses (\`bundleOptions\` in infra/lib/constructs/api-function.ts: minified ESM for Node 22, the
AWS SDK included, a source map beside it) and imports it in a fresh Node process started with the
functions' \`NODE_OPTIONS\` (\`${functionNodeOptions}\`) and Lambda's \`AWS_EXECUTION_ENV\` (so the X-Ray
SDK under Powertools' Tracer loads, as it does in Lambda: functions/src/lib/tracer.ts), ${runs} times; the median is shown, with the CPU
time of the same imports (user + system, all threads), which the machine's other work inflates far
less than the wall time. Measured
${summary.measured_at.slice(0, 10)} on the development machine (${process.version}, 2 cores shared
with other work; 1-minute load average ${summary.load_average.map((l) => l.toFixed(1)).join(' then ')}). Target: each import under ${targetMs} ms: ${
  over.length === 0
    ? 'met by every function'
    : over.length > 5
      ? `missed by ${over.length} of ${results.length} functions`
      : `missed by ${over.map((r) => r.name).join(', ')}`
}. Slowest ${summary.slowest_import_ms.toFixed(1)} ms, median ${summary.median_import_ms.toFixed(1)} ms
(CPU: slowest ${summary.slowest_cpu_ms.toFixed(1)} ms, median ${summary.median_cpu_ms.toFixed(1)} ms),
largest bundle ${kb(summary.largest_bytes)}; ${results.length} functions.

${table}
<!-- bundles:end -->`;
await writePerformanceSection('bundles', section);
if (!smoke) console.log('\nwrote bench/results/bundles.json and docs/performance.md');
smokeDone();
