import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../local-stack/paths';

const benches = Object.keys(
  (
    JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts,
).filter((name) => name.startsWith('bench:'));

describe('the benches’ smoke runs shared by processes', () => {
  it('skips every bench another process has taken, and says so', () => {
    const claims = mkdtempSync(join(tmpdir(), 'smoke-claims-'));
    for (const bench of benches) mkdirSync(join(claims, bench.replace(':', '-')));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/smoke-all.ts'], {
      cwd: repositoryRoot,
      env: { ...process.env, SMOKE_CLAIMS: claims },
      encoding: 'utf8',
    });
    rmSync(claims, { recursive: true, force: true });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('every bench was taken by another process\n');
  });
});
