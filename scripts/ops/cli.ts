/**
 * Operator CLI: `npm run ops -- <command> [args] [--url URL] [--token TOKEN] [--dry-run]`.
 * It calls the operator API (the same domain services as the admin endpoints). Against the local
 * stack (`npm start`) it signs its own operator token with the key in `.data/auth-signing-key.json`;
 * against AWS pass `--token` (an access token of a user in the Cognito group `operators`).
 * See docs/operations.md.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { correctionLabels, correctionValueText } from '../../shared/src/game/correction';
import { actionPreviewLines } from '../../shared/src/game/ranking-impact';
import { actionPreviewSchema, type MigrationRun } from '../../shared/src/schemas/ops';
import { resetConfig } from '../../functions/src/lib/config';
import { signLocalAccessToken } from '../../functions/src/lib/local-issuer';
import { LOCAL_CLI_SUBJECT } from '../../functions/src/domain/account/second-factor';
import { addOperatorInUserPool, resetOperatorMfaInUserPool } from './user-pool-operator';
import { isEntryPoint } from '../entry-point';

const usage = `usage: npm run ops -- <command> [options]
  list-tournaments                    (every tournament with its rounds' states and deadlines)
  import-tournament <file.json|file.csv>
  save-tournament <file.json>         (a tournament and its 4 rounds without its field, created or edited;
                                       docs/examples/tournament-settings.json)
  import-field <game_global_id> <file.csv|file.json>      (players added to or updated in its field)
  save-prize <file.json> [--image file.png|jpg|webp]
                                      (a prize created, or edited when one is stored for the same ranks;
                                       docs/examples/prize.json; --image uploads its image, "image_url": ""
                                       in the file removes it, else the stored image stays)
  list-prizes <game_global_id>        (its prizes and its season's yearly prizes, retired and drawn ones marked)
  retire-prize <prize_id>             (no longer offered to players nor drawn; refused once drawn)
  restore-prize <prize_id>            (offered again)
  import-results <file.json|file.csv>
  mark-final <game_global_id> <round> [--force]            (--force: despite the checks it reports)
  move-deadline <game_global_id> <round> <deadline ISO, e.g. 2026-12-03T08:30:00+09:00> <reason> [--force]
                                      (--force: the instant is already past; it locks the round's teams at once)
  withdraw-player <game_global_id> <player_id> <reason>   (any time, before round 1 too)
  cancel-round <game_global_id> <round> <reason>          (the round counts for nobody)
  cancel-tournament <game_global_id> <reason>             (no scores, no yearly points)
                                      (these three, move-deadline and correct-result with --dry-run: the
                                       saved teams and the rankings the action would change; nothing is written)
  round-results <game_global_id> <round>                  (each player's stored values of the round, with its version)
  correct-result <file.json>          (one player's values to correct, docs/examples/correction.json: only
                                       the values that differ from the stored ones are sent, with the
                                       stored row's version, read just before unless the file names it)
  carry-over [game_global_id]
  migrate                             (the data migrations not applied yet; after each deploy, docs/deploy.md)
  recompute [game_global_id]          (publish the rankings of a tournament, or of the current one)
  ranking-status [game_global_id]     (snapshot served, a newer one pending or being built, last publish)
  send-reminders                      (the deadline reminders due now; also every 5 minutes on its own)
  draw-prizes <game_global_id> [--redraw] [--accept-fewer]
                                      (the tournament's game and entry prizes, with its committed seed;
                                       --accept-fewer: draw although a prize gets fewer winners than it offers)
  export-winners <game_global_id> [--out file.csv]       (drawn winners with claim addresses, as CSV)
  publish-topics <file.json>          ({ "topics": [...] }; docs/examples/topics.json)
  withdraw-topic <topic id>
  publish-quiz <file.json>            (one round's pool, 10+ questions; docs/examples/quiz.json)
  create-operator <email> [--user-pool-id ID]            (a player registered by e-mail becomes an operator
                                       at their next sign-in, where they set up an authenticator app;
                                       AWS: --user-pool-id with AWS credentials)
  reset-operator-mfa <email> [--user-pool-id ID]         (an operator's authenticator app removed, e.g. a lost
                                       phone: their sessions end, their next sign-in sets up a new one)
  export-contacts [--since ISO] [--out file.csv]          (contact-form inquiries as CSV)
  export-campaign-entries [--since ISO] [--out file.csv]  (campaign entries as CSV)
options: --url URL (else OPS_URL, else the local stack at http://127.0.0.1:$PORT, PORT 3000 by default)
         --token <operator access token>  --dry-run  --format json|csv`;

const flags = new Set(['--dry-run', '--redraw', '--force', '--accept-fewer']);
/** The flag of each command that makes the choice the API's refusal names in the console's words. */
const choiceFlags: Record<string, string> = {
  'mark-final': '--force',
  'move-deadline': '--force',
  'draw-prizes': '--accept-fewer',
};

/** The API to call: --url, else OPS_URL, else the local stack of `npm start` on HOST:PORT. */
function operatorApiUrl(option: string | true | undefined, env: NodeJS.ProcessEnv = process.env) {
  const url =
    typeof option === 'string' && option
      ? option
      : env['OPS_URL'] || `http://${env['HOST'] || '127.0.0.1'}:${env['PORT'] || '3000'}`;
  return url.replace(/\/$/, '');
}

function parseArgs(argv: string[]) {
  const positional: string[] = [];
  const options: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) positional.push(arg);
    else if (flags.has(arg)) options[arg.slice(2)] = true;
    else options[arg.slice(2)] = argv[++i] ?? '';
  }
  return { positional, options };
}

/** A number typed on the command line; anything else goes as typed, for the API to say what it needs. */
const numberArg = (text: string | undefined) =>
  text !== undefined && /^\s*-?\d+\s*$/.test(text) ? Number(text) : text;

/** One line on a new operator, in the operator's words. */
function operatorSummary(answer: Record<string, unknown>): string | null {
  if (typeof answer['already_done'] !== 'boolean' || typeof answer['user_id'] !== 'string') return null;
  return answer['already_done']
    ? `${String(answer['email'])} はすでに運営者です。`
    : [
        `${String(answer['email'])} を運営者にしました。運営画面（/ops）を使うまでの手順：`,
        '  1. スマートフォンに認証アプリ（Google Authenticator、Microsoft Authenticator など）を入れる',
        '  2. /login にメールアドレスとパスワードでログインする（ログイン中なら一度ログアウトする）',
        '  3. 表示される「二段階認証の設定」でQRコードを読み取り（またはキーを入力し）、6桁のコードを入力する',
        '  4. 次回からはログインのたびにパスワードと認証アプリのコードを入力する',
      ].join('\n');
}

/** One line on an operator's authenticator app removed. */
const mfaResetSummary = (email: string) =>
  `${email} の二段階認証を解除し、ログイン中のセッションを終了しました。次のログインで新しい認証アプリを設定します。`;

/** A dry run of a correction, a withdrawal or a cancel: the teams and rankings it would change. */
function previewSummary(answer: Record<string, unknown>): string | null {
  const preview = actionPreviewSchema.safeParse(answer['preview']);
  if (answer['dry_run'] !== true || !preview.success) return null;
  return ['確認のみ（まだ実行していません）', ...actionPreviewLines(preview.data)].join('\n');
}

/** One line on a prize retired or restored. */
function retirementSummary(command: string | undefined, answer: Record<string, unknown>): string | null {
  if (command !== 'retire-prize' && command !== 'restore-prize') return null;
  const name = String((answer['prize'] as { name?: string } | undefined)?.name ?? '');
  const done = command === 'retire-prize' ? '公開をやめています' : '公開しています';
  if (answer['already_done'] === true) return `「${name}」はすでに${done}。何も変えていません。`;
  return command === 'retire-prize'
    ? `「${name}」の公開をやめました。賞品一覧に表示されず、抽選されません。`
    : `「${name}」を公開に戻しました。`;
}

/**
 * Uploads a prize image as the console does: a presigned POST from the API, then the file posted
 * to storage with its fields. Answers the key that `save-prize` sends as `image_key`.
 */
async function uploadPrizeImage(url: string, token: string, file: string): Promise<string> {
  const types: Record<string, string> = {
    '.png': 'image/png',
    '.jpg': 'image/jpeg',
    '.jpeg': 'image/jpeg',
    '.webp': 'image/webp',
  };
  const contentType = types[extname(file).toLowerCase()];
  if (!contentType) throw new Error(`画像は PNG・JPEG・WebP のファイルにしてください：${file}`);
  const response = await fetch(`${url}/api/uploads/presign`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ purpose: 'prize', content_type: contentType }),
  });
  const presigned = (await response.json()) as {
    message?: string;
    url: string;
    fields: Record<string, string>;
    key: string;
  };
  if (!response.ok) throw new Error(`${response.status} ${presigned.message ?? ''}`);
  const form = new FormData();
  for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
  form.append('file', new Blob([readFileSync(file)], { type: contentType }), basename(file));
  const stored = await fetch(presigned.url, { method: 'POST', body: form });
  if (!stored.ok)
    throw new Error(
      `画像をアップロードできませんでした（${stored.status}）。5MB以下の画像か確認してください。`,
    );
  return presigned.key;
}

/**
 * One line on an import's answer: players and rows are counted apart. A dry run changed nothing, so
 * it says what the import would do.
 */
function importSummary(answer: Record<string, unknown>): string | null {
  if (typeof answer['players'] !== 'number' || typeof answer['rows'] !== 'number') return null;
  const counts = `${answer['rows']}行、選手${answer['players']}人（変更あり${String(answer['changed'])}人、変更なし${String(answer['unchanged'])}人）`;
  if (answer['imported'] === false)
    return `確認のみで、何も変えていません。取り込むと：${counts}${
      answer['tournament_changed'] === true ? '、大会の情報も変わります' : ''
    }。スコアとランキングは、取り込んだあとで計算し直されます`;
  return `取り込みました：${counts}${
    answer['tournament_changed'] === true ? '、大会の情報を更新' : ''
  }。スコアとランキングはまもなく更新されます`;
}

async function operatorToken(url: string, given: string | true | undefined): Promise<string> {
  if (typeof given === 'string' && given) return given;
  const keyFile = join(process.cwd(), '.data', 'auth-signing-key.json');
  if (!existsSync(keyFile))
    throw new Error(`no --token and no local signing key at ${keyFile} (start the local stack once)`);
  // A token of the local issuer, signed with the local stack's own key.
  process.env['STAGE'] = 'local';
  process.env['LOCAL_AUTH_PRIVATE_JWK'] = readFileSync(keyFile, 'utf8');
  process.env['AUTH_ISSUER'] = `${url}/api/dev/auth`;
  process.env['AUTH_AUDIENCE'] = 'golf-web';
  resetConfig();
  const { token } = await signLocalAccessToken({ sub: LOCAL_CLI_SUBJECT, groups: ['operators'] }, 600);
  // The operator routes want a session that passed a second factor: the stack records the CLI's.
  const recorded = await fetch(`${url}/api/dev/ops-cli/session`, {
    method: 'POST',
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
  });
  if (!recorded.ok)
    throw new Error(`${url} はCLIの運営者セッションを受け付けませんでした（${recorded.status}）`);
  return token;
}

/**
 * The body of a correction from the file: the player's stored row is read first, only the values
 * that differ from it are sent, with its version (the file's own `base_version` wins, so a
 * correction prepared from an earlier read is refused if the row changed since). What changes is
 * printed as before → after.
 */
async function correctionBody(io: CliOutput, url: string, token: string, wanted: Record<string, unknown>) {
  const query = `game_global_id=${encodeURIComponent(String(wanted['game_global_id']))}&round=${encodeURIComponent(String(wanted['round']))}`;
  const response = await fetch(`${url}/api/golf/ops/round/results?${query}`, {
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
  });
  const answer = (await response.json()) as { message?: string; players?: Array<Record<string, unknown>> };
  if (!response.ok) throw new Error(`${response.status} ${answer.message ?? ''}`);
  const row = answer.players?.find((p) => p['player_id'] === wanted['player_id']);
  if (!row) throw new Error(`この大会のフィールドにいない選手です：${String(wanted['player_id'])}`);
  const changed = (Object.keys(correctionLabels) as Array<keyof typeof correctionLabels>).filter(
    (field) => field in wanted && wanted[field] !== row[field],
  );
  for (const field of changed)
    io.stderr(
      `${correctionLabels[field]}：${correctionValueText(field, row[field])} → ${correctionValueText(field, wanted[field])}`,
    );
  return {
    game_global_id: wanted['game_global_id'],
    round: wanted['round'],
    player_id: wanted['player_id'],
    base_version: wanted['base_version'] ?? row['version'],
    reason: wanted['reason'],
    ...Object.fromEntries(changed.map((field) => [field, wanted[field]])),
  };
}

/** What one call of the migrations did, a line each. */
function migrationLines(run: MigrationRun): string[] {
  const states = {
    applied_before: '適用済み',
    applied: '適用しました',
    unfinished: '続きがあります',
    waiting: '前の移行を待っています',
  } as const;
  return run.migrations.map(
    (migration) =>
      `${migration.name}：${states[migration.state]}${migration.moved ? `（${migration.moved}件を移動）` : ''}`,
  );
}

/**
 * The data migrations: each call works a few seconds (under the API function's timeout) and answers
 * whether any is left, so the CLI calls again until every one is applied. A run stopped midway is
 * taken up again by the next `migrate`.
 */
async function migrate(io: CliOutput, url: string, token: string): Promise<number> {
  /** Each migration's items moved and whether a call applied it, over the calls. */
  const sums = new Map<string, { moved: number; applied: boolean }>();
  for (;;) {
    const response = await fetch(`${url}/api/golf/ops/migrations`, {
      method: 'POST',
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    });
    const answer = (await response.json()) as MigrationRun & { message?: string };
    if (!response.ok) {
      io.stderr(`${response.status} ${answer.message ?? ''}`);
      return 1;
    }
    for (const line of migrationLines(answer)) io.stderr(line);
    for (const { name, moved, state } of answer.migrations) {
      const sum = sums.get(name) ?? { moved: 0, applied: false };
      sums.set(name, { moved: sum.moved + moved, applied: sum.applied || state === 'applied' });
    }
    if (answer.done) {
      // The answer of the whole run: what every call moved, and the migrations any call applied.
      const migrations = answer.migrations.map((migration) => {
        const sum = sums.get(migration.name)!;
        return { ...migration, moved: sum.moved, state: sum.applied ? 'applied' : migration.state };
      });
      io.stdout(`${JSON.stringify({ ...answer, migrations }, null, 2)}\n`);
      return 0;
    }
  }
}

/** Where the CLI writes: the answer on stdout, what it tells the operator on stderr (a line each). */
export interface CliOutput {
  stdout(text: string): void;
  stderr(line: string): void;
}

const processOutput: CliOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (line) => console.error(line),
};

/**
 * Runs one command (`argv` as typed after `npm run ops --`) and answers the exit code; `env` gives
 * OPS_URL, HOST and PORT. The tests run it in their own process, as the command line does.
 */
export async function runOps(
  argv: string[],
  io: CliOutput = processOutput,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  try {
    return await main(argv, io, env);
  } catch (error) {
    io.stderr(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

async function main(argv: string[], io: CliOutput, env: NodeJS.ProcessEnv): Promise<number> {
  const { positional, options } = parseArgs(argv);
  const [command, ...args] = positional;
  const url = operatorApiUrl(options['url'], env);
  const dryRun = options['dry-run'] === true;
  /** The body's dry run of an action that changes results: only what it would change is answered. */
  const checkOnly = dryRun ? { dry_run: true } : {};
  const fileBody = (file: string | undefined) => {
    if (!file) throw new Error(usage);
    const format =
      typeof options['format'] === 'string'
        ? options['format']
        : extname(file).toLowerCase() === '.csv'
          ? 'csv'
          : 'json';
    return { format, content: readFileSync(file, 'utf8'), dry_run: dryRun };
  };
  let path: string;
  let body: unknown;
  let method = 'POST';
  const since = typeof options['since'] === 'string' ? `?since=${encodeURIComponent(options['since'])}` : '';
  switch (command) {
    case 'import-tournament':
      [path, body] = ['/api/golf/ops/tournament', fileBody(args[0])];
      break;
    case 'import-results':
      [path, body] = ['/api/golf/ops/results', fileBody(args[0])];
      break;
    case 'save-tournament':
      if (!args[0]) throw new Error(usage);
      [path, body] = ['/api/golf/ops/tournament/settings', JSON.parse(readFileSync(args[0], 'utf8'))];
      break;
    case 'import-field':
      if (!args[0]) throw new Error(usage);
      [path, body] = ['/api/golf/ops/tournament/field', { game_global_id: args[0], ...fileBody(args[1]) }];
      break;
    case 'save-prize': {
      if (!args[0]) throw new Error(usage);
      const prize = JSON.parse(readFileSync(args[0], 'utf8')) as Record<string, unknown>;
      const image = options['image'];
      if (typeof image === 'string' && image)
        prize['image_key'] = await uploadPrizeImage(url, await operatorToken(url, options['token']), image);
      [path, body] = ['/api/golf/ops/prizes', prize];
      break;
    }
    case 'list-prizes':
      if (!args[0]) throw new Error(usage);
      [method, path] = ['GET', `/api/golf/ops/prizes?game_global_id=${encodeURIComponent(args[0])}`];
      break;
    case 'retire-prize':
    case 'restore-prize':
      if (!args[0]) throw new Error(usage);
      [path, body] = [
        '/api/golf/ops/prizes/retire',
        { prize_id: args[0], retired: command === 'retire-prize' },
      ];
      break;
    case 'mark-final':
      [path, body] = [
        '/api/golf/ops/round/final',
        {
          game_global_id: args[0],
          round: numberArg(args[1]),
          ...(options['force'] === true ? { force: true } : {}),
        },
      ];
      break;
    case 'move-deadline':
      [path, body] = [
        '/api/golf/ops/round/deadline',
        {
          game_global_id: args[0],
          round: numberArg(args[1]),
          deadline_at: args[2],
          reason: args.slice(3).join(' '),
          ...(options['force'] === true ? { force: true } : {}),
          ...checkOnly,
        },
      ];
      break;
    case 'withdraw-player':
      [path, body] = [
        '/api/golf/ops/player/withdrawal',
        { game_global_id: args[0], player_id: args[1], reason: args.slice(2).join(' '), ...checkOnly },
      ];
      break;
    case 'cancel-round':
      [path, body] = [
        '/api/golf/ops/round/cancel',
        { game_global_id: args[0], round: Number(args[1]), reason: args.slice(2).join(' '), ...checkOnly },
      ];
      break;
    case 'cancel-tournament':
      [path, body] = [
        '/api/golf/ops/tournament/cancel',
        { game_global_id: args[0], reason: args.slice(1).join(' '), ...checkOnly },
      ];
      break;
    case 'round-results':
      [method, path] = [
        'GET',
        `/api/golf/ops/round/results?game_global_id=${encodeURIComponent(args[0] ?? '')}&round=${encodeURIComponent(args[1] ?? '')}`,
      ];
      break;
    case 'correct-result': {
      if (!args[0]) throw new Error(usage);
      const wanted = JSON.parse(readFileSync(args[0], 'utf8')) as Record<string, unknown>;
      body = {
        ...(await correctionBody(io, url, await operatorToken(url, options['token']), wanted)),
        ...checkOnly,
      };
      path = '/api/golf/ops/result/correction';
      break;
    }
    case 'list-tournaments':
      [method, path] = ['GET', '/api/golf/ops/tournaments'];
      break;
    case 'export-winners':
      if (!args[0]) throw new Error(usage);
      [method, path] = [
        'GET',
        `/api/golf/ops/prizes/winners/export?game_global_id=${encodeURIComponent(args[0])}`,
      ];
      break;
    case 'send-reminders':
      [path, body] = ['/api/golf/ops/reminders/send', {}];
      break;
    case 'recompute':
      [path, body] = ['/api/golf/ops/rankings/recompute', args[0] ? { game_global_id: args[0] } : {}];
      break;
    case 'carry-over':
      [path, body] = ['/api/golf/ops/carry-over', args[0] ? { game_global_id: args[0] } : {}];
      break;
    case 'migrate':
      return migrate(io, url, await operatorToken(url, options['token']));
    case 'ranking-status':
      [method, path] = [
        'GET',
        `/api/golf/ops/rankings/status${args[0] ? `?game_global_id=${encodeURIComponent(args[0])}` : ''}`,
      ];
      break;
    case 'draw-prizes':
      if (!args[0]) throw new Error(usage);
      [path, body] = [
        '/api/golf/ops/prizes/draw',
        {
          game_global_id: args[0],
          ...(options['redraw'] === true ? { redraw: true } : {}),
          ...(options['accept-fewer'] === true ? { accept_fewer: true } : {}),
        },
      ];
      break;
    case 'publish-topics':
      if (!args[0]) throw new Error(usage);
      [path, body] = ['/api/ops/topics', JSON.parse(readFileSync(args[0], 'utf8'))];
      break;
    case 'publish-quiz':
      if (!args[0]) throw new Error(usage);
      [method, path, body] = ['PUT', '/api/golf/ops/quiz', JSON.parse(readFileSync(args[0], 'utf8'))];
      break;
    case 'withdraw-topic':
      if (!args[0]) throw new Error(usage);
      [method, path] = ['DELETE', `/api/ops/topics/${encodeURIComponent(args[0])}`];
      break;
    case 'create-operator': {
      if (!args[0]) throw new Error(usage);
      const poolId = options['user-pool-id'];
      if (typeof poolId === 'string' && poolId) {
        const answer = await addOperatorInUserPool(poolId, args[0]);
        io.stdout(`${JSON.stringify(answer, null, 2)}\n`);
        const summary = operatorSummary(answer);
        if (summary) io.stderr(summary);
        return 0;
      }
      [path, body] = ['/api/dev/operators', { email: args[0] }];
      break;
    }
    case 'reset-operator-mfa': {
      if (!args[0]) throw new Error(usage);
      const poolId = options['user-pool-id'];
      if (typeof poolId === 'string' && poolId) {
        const answer = await resetOperatorMfaInUserPool(poolId, args[0]);
        io.stdout(`${JSON.stringify(answer, null, 2)}\n`);
        io.stderr(mfaResetSummary(answer.email));
        return 0;
      }
      [path, body] = ['/api/golf/ops/operators/totp/reset', { email: args[0] }];
      break;
    }
    case 'export-contacts':
      [method, path] = ['GET', `/api/ops/contacts/export${since}`];
      break;
    case 'export-campaign-entries':
      [method, path] = ['GET', `/api/ops/campaign-entries/export${since}`];
      break;
    default:
      io.stderr(usage);
      return 2;
  }
  const token = await operatorToken(url, options['token']);
  let response: Response;
  try {
    response = await fetch(url + path, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        accept: 'application/json',
        authorization: `Bearer ${token}`,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? String(error);
    io.stderr(
      `${url} に接続できませんでした（${cause}）。ローカルでは npm start で起動しているか、--url、OPS_URL、PORT を確認してください。`,
    );
    return 1;
  }
  const text = await response.text();
  const answer = text
    ? (JSON.parse(text) as {
        message?: string;
        errors?: Record<string, string[]>;
        csv?: string;
        count?: number;
      })
    : {};
  if (response.ok && typeof answer.csv === 'string') {
    // Exports: the CSV itself, to a file or to standard output; the count goes to standard error.
    if (typeof options['out'] === 'string') writeFileSync(options['out'], answer.csv);
    else io.stdout(answer.csv);
    io.stderr(`${answer.count ?? 0} 件`);
    return 0;
  }
  if (response.ok) {
    io.stdout(`${JSON.stringify(answer, null, 2)}\n`);
    const summary =
      importSummary(answer) ??
      previewSummary(answer) ??
      operatorSummary(answer) ??
      retirementSummary(command, answer) ??
      (command === 'reset-operator-mfa' ? mfaResetSummary(String(args[0])) : null);
    if (summary) io.stderr(summary);
    return 0;
  }
  io.stderr(`${response.status} ${answer.message ?? ''}`);
  for (const [where, messages] of Object.entries(answer.errors ?? {}))
    for (const message of messages) io.stderr(`  ${where}: ${message}`);
  // The API's words name the console's choices; on the command line each is a flag.
  const flag = choiceFlags[command];
  if (response.status === 409 && flag) io.stderr(`  （コマンドでは ${flag} をつけて実行します）`);
  // The local route is never deployed: in AWS the gateway itself answers 404, without the API's code.
  if (command === 'create-operator' && response.status === 404 && !('code' in answer))
    io.stderr('  （AWS では --user-pool-id <ユーザープールID> をつけ、AWS の認証情報で実行します）');
  return 1;
}

if (isEntryPoint(import.meta.url)) void runOps(process.argv.slice(2)).then((code) => process.exit(code));
