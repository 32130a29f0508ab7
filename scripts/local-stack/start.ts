import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { JavaMissingError } from './dynamodb-local';
import { repositoryRoot } from './paths';
import { startStack } from './stack';
import { now, parseClockInstant } from '../../functions/src/lib/clock';
import { formatTokyoDateTime } from '../../shared/src/game/format';
import { otpauthUri } from '../../functions/src/adapters/identity/totp';
import { sampleOperatorTotpSecret } from '../seed/users';

/**
 * `npm start`: builds the SPA when needed and runs the whole game on one origin.
 * `npm start -- --fresh` wipes .data/ first; `--no-build` serves the existing build;
 * `--clock 2026-07-01T06:00+09:00` runs the game clock from that instant (POST /dev/clock moves it).
 */
async function main() {
  const argv = process.argv.slice(2);
  const args = new Set(argv);
  const clock = clockArgument(argv);
  const dataDir = join(repositoryRoot, '.data');
  if (args.has('--fresh')) {
    rmSync(dataDir, { recursive: true, force: true });
    console.log('.data/ を初期化しました');
  }
  const dist = join(repositoryRoot, 'frontend/dist/index.html');
  if (!args.has('--no-build') && (args.has('--build') || !existsSync(dist) || process.env['CI'] !== 'true')) {
    console.log('フロントエンドをビルドしています…');
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: repositoryRoot, stdio: 'inherit' });
  }
  const stack = await startStack({
    port: Number(process.env['PORT'] ?? 3000),
    host: process.env['HOST'] ?? '127.0.0.1',
    dataDir,
    jobs: true,
    // As in AWS: CloudFront's cache in front, and the API spread over processes (API_WORKERS, one
    // per core by default; 0 runs it in this process).
    edgeCache: true,
    apiWorkers: apiWorkerCount(process.env['API_WORKERS']),
    ...(clock ? { clock } : {}),
    // `LAUNCH_GATE=on npm start` shows the site as before its opening (/coming-soon).
    ...(process.env['LAUNCH_GATE']
      ? { launchGate: ['on', 'true', '1'].includes(process.env['LAUNCH_GATE']) }
      : {}),
  });
  console.log(
    `\nゴルフドリームチームを起動しました: ${stack.url}\n(メール受信箱: ${stack.url}/dev/outbox ・ 終了: Ctrl-C)`,
  );
  console.log(
    [
      `見本のログイン: プレイヤー player@example.com / golf-pass-1`,
      `運営コンソール (${stack.url}/ops): operator@example.com / golf-ops-1 と認証アプリのコード`,
      `  認証アプリに登録するキー: ${sampleOperatorTotpSecret}（時間ベース、6桁）`,
      `  または ${otpauthUri(sampleOperatorTotpSecret, 'operator@example.com')}`,
    ].join('\n'),
  );
  if (clock)
    console.log(
      `ゲームの時計: ${formatTokyoDateTime(now().toISOString())} から (動かす: curl -X POST ${stack.url}/dev/clock -H 'content-type: application/json' -d '{"advance_minutes":60}')`,
    );

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\n停止しています…');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

/** `--clock <instant>` or `--clock=<instant>`: the game clock's instant at start. */
function clockArgument(argv: string[]): Date | undefined {
  const index = argv.findIndex((arg) => arg === '--clock' || arg.startsWith('--clock='));
  if (index < 0) return undefined;
  const given = argv[index]!.includes('=') ? argv[index]!.slice('--clock='.length) : argv[index + 1];
  try {
    return parseClockInstant(given ?? '');
  } catch (error) {
    throw new UsageError(`--clock: ${(error as Error).message}`);
  }
}

/** A command line the stack cannot start with: its message is all the user needs. */
class UsageError extends Error {}

function apiWorkerCount(setting: string | undefined): number {
  if (setting === undefined || setting === '') return availableParallelism();
  const count = Number(setting);
  if (!Number.isInteger(count) || count < 0) throw new Error(`API_WORKERS: a whole number, not ${setting}`);
  return count;
}

main().catch((error: unknown) => {
  if (error instanceof JavaMissingError || error instanceof UsageError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
