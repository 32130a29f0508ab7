import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../local-stack/paths';
import { benchScripts, claimFolder } from './bench-scripts';

describe('the benches’ smoke runs shared by processes', () => {
  it('skips every bench another process has taken, and says so', () => {
    const claims = mkdtempSync(join(tmpdir(), 'smoke-claims-'));
    for (const bench of benchScripts().keys()) mkdirSync(claimFolder(claims, bench));
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
