import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runOps } from './cli';
import { readCommandLine } from './command-line';

afterEach(() => vi.unstubAllGlobals());

/** A run of the CLI against an API that answers `{}` to everything, with what it sent and printed. */
async function ops(...argv: string[]) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{}', { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  const stderr: string[] = [];
  const code = await runOps(argv, { stdout: () => undefined, stderr: (line) => stderr.push(line) }, {});
  return { code, stderr: stderr.join('\n'), calls: fetchMock.mock.calls };
}

/** Every command line of the operations and deploy guides, as typed (without its comment). */
const documented = ['docs/operations.md', 'docs/deploy.md']
  .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/(?:^\s*|`)npm run ops -- ([^`#\n]+)/gm)])
  .map(([, line]) => line!.trim())
  .filter((line) => line !== '…');

describe('the operator CLI’s command line', () => {
  it('refuses a flag its command does not take before any call: a mistyped --dry-run changes nothing', async () => {
    const result = await ops('correct-result', 'docs/examples/correction.json', '--dryrun', '--token', 't');
    expect(result.code).toBe(2);
    expect(result.calls).toEqual([]);
    expect(result.stderr).toContain('--dryrun は correct-result にない指定です。');
    expect(result.stderr).toContain('何も実行していません。');
    expect(result.stderr).toContain('  correct-result <file.json>');
    expect(result.stderr).toContain('使える指定：--dry-run --url <値> --token <値>');
  });

  it('refuses a flag of another command (--force on a withdrawal) and a switch given a value', async () => {
    for (const argv of [
      ['withdraw-player', '2026-07', 'p-0042', '腰痛のため', '--force'],
      ['cancel-round', '2026-07', '4', '荒天のため', '--dry-run=yes'],
      ['import-results', 'docs/examples/results.csv', '--dry_run'],
    ]) {
      const result = await ops(...argv, '--token', 't');
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.calls, argv.join(' ')).toEqual([]);
    }
    expect((await ops('cancel-round', '2026-07', '4', '理由', '--dry-run=yes')).stderr).toContain(
      '--dry-run は値をとりません。',
    );
  });

  it('refuses a value flag without its value', async () => {
    for (const argv of [
      ['list-tournaments', '--token'],
      ['list-tournaments', '--token', '--url', 'http://ops.test'],
      ['list-tournaments', '--token='],
    ]) {
      const result = await ops(...argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.calls, argv.join(' ')).toEqual([]);
      expect(result.stderr).toContain('--token に値がありません（--token <値> または --token=<値>）。');
    }
  });

  it('reads --flag=value as --flag value: --token=… is the token sent', async () => {
    for (const argv of [
      ['list-tournaments', '--token=x.y', '--url=http://ops.test'],
      ['--url', 'http://ops.test', '--token', 'x.y', 'list-tournaments'],
    ]) {
      const result = await ops(...argv);
      expect(result.code, argv.join(' ')).toBe(0);
      expect(result.calls.map(([url]) => url)).toEqual(['http://ops.test/api/golf/ops/tournaments']);
      expect(new Headers(result.calls[0]![1]?.headers).get('authorization')).toBe('Bearer x.y');
    }
    expect(
      readCommandLine(['export-contacts', '--since=2026-11-01T00:00:00+09:00', '--out', 'a.csv']),
    ).toMatchObject({
      args: [],
      options: { since: '2026-11-01T00:00:00+09:00', out: 'a.csv' },
    });
  });

  it('reads every command line of docs/operations.md and docs/deploy.md', () => {
    expect(documented.length).toBeGreaterThan(30);
    for (const line of documented) {
      const read = readCommandLine(line.split(/\s+/));
      expect('refused' in read ? read.refused : [], line).toEqual([]);
    }
  });
});
