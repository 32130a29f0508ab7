import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tournamentRepository } from '../../functions/src/db/repositories/tournament-repository';
import { userRepository } from '../../functions/src/db/repositories/user-repository';
import { hashPassword } from '../../functions/src/adapters/identity/password';
import { newPlayer } from '../../functions/src/domain/account/account-service';
import { api, baseUrl, tokenFor } from './support/api';
import { realPng } from './support/images';
import { runOps } from '../../scripts/ops/cli';

const run = promisify(execFile);
type Launch = (
  args: string[],
  options?: { env?: NodeJS.ProcessEnv },
) => Promise<{ stdout: string; stderr: string }>;
/**
 * The CLI's command in this process (`runOps`, what scripts/ops/cli.ts runs): a run that fails
 * rejects as a process that exits with an error does, with its code and output. Starting a process
 * for each of the many runs cost a second of CPU each; one test goes through `npm run ops`, the
 * command line itself.
 */
const cli: Launch = async (args, options = {}) => {
  let stdout = '';
  let stderr = '';
  const output = {
    stdout: (text: string) => (stdout += text),
    stderr: (line: string) => (stderr += `${line}\n`),
  };
  const code = await runOps(args, output, options.env ?? process.env);
  if (code !== 0) throw Object.assign(new Error(`ops exited with ${code}`), { code, stdout, stderr });
  return { stdout, stderr };
};

// The documented examples, staged unpublished so the tournament stays out of the shared schedule.
const dir = mkdtempSync(join(tmpdir(), 'ops-cli-'));
const example = (name: string) => readFileSync(join('docs/examples', name), 'utf8');
const staged = (name: string, content: string) => {
  writeFileSync(join(dir, name), content);
  return join(dir, name);
};
const tournamentCsv = staged(
  'tournament.csv',
  example('tournament.csv')
    .trimEnd()
    .split('\n')
    .map((line, i) => `${line},${i === 0 ? 'published' : 'false'}`)
    .join('\n'),
);
const tournamentJson = staged(
  'tournament.json',
  JSON.stringify({ ...JSON.parse(example('tournament.json')), published: false }),
);

async function ops(...args: string[]) {
  const token = await tokenFor('ops-cli-test', ['operators']);
  try {
    const { stdout, stderr } = await cli([...args, '--url', baseUrl, '--token', token]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('ops CLI', () => {
  it('finds the API from OPS_URL or PORT, and says which URL it could not reach (through npm run ops)', async () => {
    const cases: Array<[Record<string, string>, string, Launch]> = [
      // The documented launcher once: npm run ops -- <command>.
      [
        { PORT: '1' },
        'http://127.0.0.1:1',
        (args, options) =>
          run('npm', ['run', '--silent', 'ops', '--', ...args], { encoding: 'utf8', ...options }),
      ],
      [{ OPS_URL: 'http://127.0.0.1:2/' }, 'http://127.0.0.1:2', cli],
    ];
    for (const [env, url, launch] of cases) {
      const failed = await launch(['recompute', '--token', 'x'], {
        env: { ...process.env, OPS_URL: '', PORT: '', ...env },
      }).catch((error: { code: number; stderr: string }) => error);
      expect('code' in failed && failed.code).toBe(1);
      expect('stderr' in failed && failed.stderr).toContain(`${url} に接続できませんでした`);
    }
  }, 60_000);

  it('create-operator makes a player registered by e-mail an operator at their next sign-in, where they set up an authenticator app, and says so when repeated', async () => {
    const userId = `new-operator-${Date.now().toString(36)}`;
    const email = `${userId}@example.com`;
    const user = newPlayer(userId, new Date(), { email, is_registed_email: true, status: 'complete' });
    await userRepository.createUserWithLogin(user, {
      email,
      user_id: userId,
      password_hash: await hashPassword('ops-pass-12'),
      groups: [],
    });
    const signIn = async () =>
      (await api('POST', '/api/auth/token', { body: { email, password: 'ops-pass-12' } })).body as {
        access_token: string;
        totp_setup_required?: boolean;
      };
    const before = (await signIn()).access_token;
    expect((await api('GET', '/api/golf/ops/tournaments', { token: before })).status).toBe(403);

    let result = await ops('create-operator', email.toUpperCase());
    expect(result.stderr).toContain('を運営者にしました');
    expect(result.stderr).toContain('認証アプリ');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ user_id: userId, email, already_done: false });
    expect((await userRepository.getLogin(email))?.groups).toEqual(['operators']);
    const after = await signIn();
    expect(after.totp_setup_required).toBe(true);
    expect(await api('GET', '/api/golf/ops/tournaments', { token: after.access_token })).toMatchObject({
      status: 403,
      body: { code: 'second_factor_required' },
    });

    result = await ops('create-operator', email);
    expect(JSON.parse(result.stdout)).toMatchObject({ already_done: true });
    expect((await userRepository.getLogin(email))?.groups).toEqual(['operators']);

    result = await ops('create-operator', `nobody-${userId}@example.com`);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('404 このメールアドレスで登録したプレイヤーはいません。');
  }, 60_000);

  it('create-operator refuses an account that cannot use the console', async () => {
    // A player who signed up with a provider and registered an address: a login without a password.
    const userId = `social-operator-${Date.now().toString(36)}`;
    const email = `${userId}@example.com`;
    const user = newPlayer(userId, new Date(), { email, is_registed_email: true, status: 'complete' });
    await userRepository.createUserWithLogin(user, {
      email,
      user_id: userId,
      password_hash: null,
      groups: [],
    });

    const result = await ops('create-operator', email);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('409 このプレイヤーはSNSのアカウントでログインしているため');
    expect(result.stderr).not.toContain('を運営者にしました');
    expect((await userRepository.getLogin(email))?.groups).toEqual([]);
  }, 60_000);

  it('reset-operator-mfa removes an operator’s authenticator app: their next sign-in sets up a new one', async () => {
    const userId = `lost-phone-${Date.now().toString(36)}`;
    const email = `${userId}@example.com`;
    const user = newPlayer(userId, new Date(), {
      email,
      is_registed_email: true,
      is_accepted_policy: true,
      status: 'complete',
    });
    await userRepository.createUserWithLogin(user, {
      email,
      user_id: userId,
      password_hash: await hashPassword('ops-pass-12'),
      groups: ['operators'],
      totp_secret: 'GOLFDREAMTEAMLOSTPHONEOPERATOR23',
      totp_last_step: 0,
    });
    const signIn = async () =>
      (await api('POST', '/api/auth/token', { body: { email, password: 'ops-pass-12' } })).body;
    expect(await signIn()).toMatchObject({ second_factor: 'totp' });

    const result = await ops('reset-operator-mfa', email);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('二段階認証を解除し');
    expect(await signIn()).toMatchObject({ totp_setup_required: true });
  }, 60_000);

  it('on the local stack without --token, signs its own operator session with the stack’s key', async () => {
    const home = mkdtempSync(join(tmpdir(), 'ops-cli-home-'));
    mkdirSync(join(home, '.data'));
    writeFileSync(join(home, '.data', 'auth-signing-key.json'), process.env['LOCAL_AUTH_PRIVATE_JWK']!);
    const here = process.cwd();
    process.chdir(home);
    try {
      const { stdout } = await cli(['list-tournaments', '--url', baseUrl]);
      expect(stdout).not.toBe('');
    } finally {
      process.chdir(here);
    }
  }, 60_000);

  it('imports the documented example files (CSV), then the JSON versions change nothing (idempotent)', async () => {
    let result = await ops('import-tournament', tournamentCsv);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ game_global_id: 'example-2026-90', rows: 6 });
    result = await ops('import-results', 'docs/examples/results.csv');
    expect(result.code).toBe(0);
    expect(
      (await tournamentRepository.field('example-2026-90')).find((e) => e.player_id === 'ex-p04')?.status,
    ).toBe('wd');
    result = await ops('import-tournament', tournamentJson);
    expect(JSON.parse(result.stdout)).toMatchObject({
      changed: 0,
      already_done: true,
      audit: expect.objectContaining({ action: 'import_tournament' }),
    });
    result = await ops('import-results', 'docs/examples/results.json');
    expect(JSON.parse(result.stdout)).toMatchObject({
      changed: 0,
      already_done: true,
      audit: expect.objectContaining({ action: 'import_results' }),
    });
  }, 120_000);

  it('a dry run says what the import would do, and that it changed nothing', async () => {
    const result = await ops('import-results', 'docs/examples/results.csv', '--dry-run');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ imported: false });
    expect(result.stderr).toMatch(/^確認のみで、何も変えていません。取り込むと：\d+行、選手\d+人/m);
    expect(result.stderr).not.toContain('まもなく');
  }, 60_000);

  it('sets up a tournament from the documented files: its settings, its field, a prize', async () => {
    const settings = staged(
      'tournament-settings.json',
      JSON.stringify({ ...JSON.parse(example('tournament-settings.json')), published: false }),
    );
    let result = await ops('save-tournament', settings);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      game_global_id: 'example-2026-91',
      tournament_changed: true,
    });
    result = await ops('import-field', 'example-2026-91', 'docs/examples/field.csv');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ players: 6, changed: 6 });
    result = await ops('save-prize', 'docs/examples/prize.json');
    expect(result.code).toBe(0);
    const { prize } = JSON.parse(result.stdout) as { prize: { id: string; image_url: string } };
    expect(JSON.parse(result.stdout)).toMatchObject({ created: true, prize: { winners_count: 1 } });
    // Its image uploaded from a file, then the prize retired, retired again (nothing to do) and restored.
    const image = join(dir, 'trophy.png');
    writeFileSync(image, await realPng(800, 600));
    result = await ops('save-prize', 'docs/examples/prize.json', '--image', image);
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as { prize: typeof prize }).prize.image_url).toMatch(
      /\/uploads\/attached\/prize\/ops-cli-test\/[0-9A-Z]{26}\.webp$/,
    );
    result = await ops('retire-prize', prize.id);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('の公開をやめました');
    result = await ops('retire-prize', prize.id);
    expect(JSON.parse(result.stdout)).toMatchObject({
      already_done: true,
      audit: { action: 'retire_prize' },
    });
    expect(result.stderr).toContain('すでに公開をやめています');
    result = await ops('list-prizes', 'example-2026-91');
    const listed = JSON.parse(result.stdout) as { prizes: Array<{ id: string; retired_at?: string }> };
    expect(listed.prizes.find((p) => p.id === prize.id)?.retired_at).toBeDefined();
    result = await ops('restore-prize', prize.id);
    expect(result.stderr).toContain('を公開に戻しました');
    expect((await tournamentRepository.field('example-2026-91')).map((e) => e.player_id)).toHaveLength(6);
  }, 90_000);

  it('lists tournaments and exports a drawn tournament’s winners as CSV', async () => {
    const listed = await ops('list-tournaments');
    expect(listed.code).toBe(0);
    const { tournaments } = JSON.parse(listed.stdout) as {
      tournaments: Array<{ game_global_id: string; rounds: Array<{ results: string; cancelled: boolean }> }>;
    };
    const finished = tournaments.find((t) => t.rounds.every((r) => r.cancelled || r.results === 'final'))!;
    const out = join(dir, 'winners.csv');
    const exported = await ops('export-winners', finished.game_global_id, '--out', out);
    expect(exported.code).toBe(0);
    const csv = readFileSync(out, 'utf8');
    expect(csv.startsWith('\ufeff')).toBe(true);
    expect(csv).toMatch(/\+09:00/);
  }, 60_000);

  it('import validation: reports bad lines on stderr and exits 1', async () => {
    const result = await ops('import-results', 'docs/examples/results.csv', '--format', 'json');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('line 0');
  }, 60_000);

  it('says in plain Japanese what a bad value needs, from a file or the command line', async () => {
    const badStrokes = staged(
      'results-bad.csv',
      example('results.csv').replace('example-2026-90,1,ex-p01,70,', 'example-2026-90,1,ex-p01,x,'),
    );
    let result = await ops('import-results', badStrokes, '--dry-run');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('line 2: 打数は 72 や 72* のように書いてください（未確定は - か空欄）。');
    result = await ops('mark-final', 'example-2026-90', 'abc');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('round: ラウンドは数字で入力してください。');
    expect(result.stderr).not.toMatch(/NaN|期待/);
  }, 60_000);

  it('exports contact-form inquiries as CSV to a file', async () => {
    const email = `cli-export-${Date.now()}@example.com`;
    const sent = await fetch(`${baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ email, contactType: '7', contactContent: 'CLI の確認' }),
    });
    expect(sent.status).toBe(201);
    const out = join(dir, 'contacts.csv');
    const since = new Date(Date.now() - 60_000).toISOString();
    const result = await ops('export-contacts', '--since', since, '--out', out);
    expect(result.code).toBe(0);
    const csv = readFileSync(out, 'utf8');
    expect(csv.startsWith('\ufeff"id","received_at"')).toBe(true);
    expect(csv).toContain(`"${email}"`);
    expect(csv).toContain('"その他"');
  }, 60_000);

  it('publishes the documented topics file once, then withdraws the topic', async () => {
    let result = await ops('publish-topics', 'docs/examples/topics.json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ published: 1, unchanged: 0 });
    result = await ops('publish-topics', 'docs/examples/topics.json');
    expect(JSON.parse(result.stdout)).toEqual({ published: 0, unchanged: 1 });
    result = await ops('withdraw-topic', 'maintenance-2026-12-01');
    expect(result.code).toBe(0);
    result = await ops('withdraw-topic', 'maintenance-2026-12-01');
    expect(result.code).toBe(1);
  }, 60_000);

  it('publishes a round’s quiz from the documented file', async () => {
    // The sample season's last tournament (nobody has answered its quizzes).
    const last = (await tournamentRepository.list()).find((t) => /^\d{4}-09$/.test(t.game_global_id))!;
    const file = staged(
      'quiz.json',
      JSON.stringify({ ...JSON.parse(example('quiz.json')), game_global_id: last.game_global_id }),
    );
    const result = await ops('publish-quiz', file);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ round: 1, question_count: 10, had_answers: false });
  }, 60_000);

  // Last: it cancels the example tournament.
  it('reads results as golf writes them, then withdraws a player, checks a deadline move and cancels, as documented', async () => {
    let result = await ops('import-results', 'docs/examples/results-golf-notation.csv');
    expect(result.code).toBe(0);
    const field = await tournamentRepository.field('example-2026-90');
    const rounds2 = Object.fromEntries(field.map((e) => [e.player_id, e.rounds[1]]));
    expect([rounds2['ex-p01']?.to_par, rounds2['ex-p02']?.to_par, rounds2['ex-p03']?.strokes]).toEqual([
      0, -3, 75,
    ]);
    expect(field.find((e) => e.player_id === 'ex-p06')?.status_log).toEqual([
      { status: 'dq', round: 2, at: expect.any(String) },
    ]);

    // --dry-run prints what the withdrawal would change, and changes nothing.
    result = await ops('withdraw-player', 'example-2026-90', 'ex-p05', '腰痛のため', '--dry-run');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      dry_run: true,
      audit: null,
      preview: { rankings: [] },
    });
    expect(result.stderr).toContain(
      '確認のみ（まだ実行していません）\n影響する保存済みのチームはありません。',
    );
    expect(result.stderr).toContain('ランキングは変わりません。');
    const withdrawn = async () =>
      (await tournamentRepository.field('example-2026-90')).find((e) => e.player_id === 'ex-p05')?.status;
    expect(await withdrawn()).toBe('active');

    result = await ops('withdraw-player', 'example-2026-90', 'ex-p05', '腰痛のため');
    expect(result.code).toBe(0);
    expect(await withdrawn()).toBe('wd');
    expect(JSON.parse(result.stdout)).toMatchObject({ round: 3, audit: { action: 'withdraw_player' } });

    result = await ops('move-deadline', 'example-2026-90', '4', '2026-11-15T08:00:00+09:00', '濃霧のため');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('force');
    result = await ops(
      'move-deadline',
      'example-2026-90',
      '4',
      '2026-11-15T08:00:00+09:00',
      '濃霧のため',
      '--force',
    );
    expect(result.code).toBe(0);

    result = await ops('cancel-round', 'example-2026-90', '4', '荒天のため', '--dry-run');
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('確認のみ（まだ実行していません）');
    expect((await tournamentRepository.get('example-2026-90'))?.rounds[3]?.cancelled).toBe(false);
    result = await ops('cancel-round', 'example-2026-90', '4', '荒天のため');
    expect(result.code).toBe(0);
    result = await ops('cancel-tournament', 'example-2026-90', '主催者の判断により');
    expect(result.code).toBe(0);
    expect((await tournamentRepository.get('example-2026-90'))?.cancelled).toBe(true);
  }, 120_000);
});
