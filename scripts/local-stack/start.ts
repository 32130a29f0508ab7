import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { JavaMissingError } from './dynamodb-local';
import { repositoryRoot } from './paths';
import { startStack } from './stack';

/**
 * `npm start`: builds the SPA when needed and runs the whole game on one origin.
 * `npm start -- --fresh` wipes .data/ first; `--no-build` serves the existing build.
 */
async function main() {
  const args = new Set(process.argv.slice(2));
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
    // `LAUNCH_GATE=on npm start` shows the site as before its opening (/coming-soon).
    ...(process.env['LAUNCH_GATE']
      ? { launchGate: ['on', 'true', '1'].includes(process.env['LAUNCH_GATE']) }
      : {}),
  });
  console.log(
    `\nゴルフドリームチームを起動しました: ${stack.url}\n(メール受信箱: ${stack.url}/dev/outbox ・ 終了: Ctrl-C)`,
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

function apiWorkerCount(setting: string | undefined): number {
  if (setting === undefined || setting === '') return availableParallelism();
  const count = Number(setting);
  if (!Number.isInteger(count) || count < 0) throw new Error(`API_WORKERS: a whole number, not ${setting}`);
  return count;
}

main().catch((error: unknown) => {
  if (error instanceof JavaMissingError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
