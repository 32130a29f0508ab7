/**
 * `npm run lambda-packages` (also run after `npm install`, and before `npm run synth` and the
 * deploys): puts the tarballs of the packages installed next to the Lambda bundles (sharp with its
 * Linux arm64 binaries, satori, resvg) into the npm cache, so that the bundling, which installs them
 * from the cache only (`infra/lib/lambda-packages.ts`), never reaches the registry.
 *
 * It runs the install the bundling runs (the lock file, the Lambda's os, cpu and libc) once in a
 * scratch directory, preferring the cache: a second run, or one without a network, takes about a
 * second and reads nothing from the registry. After `npm install` a failure only warns (the game runs
 * without these packages); with `--required` (synth, deploy) it stops with what to do.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installedPackages } from '../../infra/lib/lambda-packages';
import { installEnvironment, scratchManifest } from './install-plan';
import { repositoryRoot } from '../local-stack/paths';

function prefetch(): { ok: true } | { ok: false; output: string } {
  const functionsManifest = JSON.parse(
    readFileSync(join(repositoryRoot, 'functions/package.json'), 'utf8'),
  ) as {
    dependencies: Record<string, string>;
  };
  const scratch = mkdtempSync(join(tmpdir(), 'golf-lambda-packages-'));
  try {
    writeFileSync(
      join(scratch, 'package.json'),
      JSON.stringify(scratchManifest(functionsManifest.dependencies, installedPackages)),
    );
    copyFileSync(join(repositoryRoot, 'package-lock.json'), join(scratch, 'package-lock.json'));
    const run = spawnSync('npm', ['ci', '--loglevel=error'], {
      cwd: scratch,
      env: installEnvironment(process.env),
      encoding: 'utf8',
    });
    return run.status === 0 ? { ok: true } : { ok: false, output: `${run.stdout}${run.stderr}`.trim() };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const required = process.argv.includes('--required');
const started = performance.now();
const result = prefetch();
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (result.ok) {
  console.log(
    `[lambda-packages] ${installedPackages.join(', ')} for linux-arm64 are in the npm cache (${seconds} s)`,
  );
} else {
  const message = [
    `[lambda-packages] could not put ${installedPackages.join(', ')} for linux-arm64 into the npm cache:`,
    result.output,
    'Run `npm run lambda-packages` once with the npm registry reachable; synth and deploy then work offline.',
  ].join('\n');
  console.error(message);
  if (required) process.exit(1);
}
