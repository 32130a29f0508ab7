/**
 * `npx tsx scripts/bench/ranking-read.ts [seconds]`: read throughput of a ranking page against the
 * local stack (in-memory DynamoDB Local, seeded sample season), next to GET /api/master/prefecture
 * in the same run. The stack runs in this process; the load comes from a child process
 * (scripts/bench/ranking-read-load.ts): 50 concurrent keep-alive connections, a warm-up, then
 * `seconds` of requests. DynamoDB calls are counted per request during the load. The page is
 * measured as the screen asks for it (current tournament) and with `game_global_id` given. Prints
 * one JSON line, the object `run` returns (a smoke run of `npm run bench:ranking` calls `run`
 * instead of starting the script).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { resolveTournament } from '../../functions/src/domain/game/tournament-context';
import { startStack } from '../local-stack/stack';
import { countDynamoCalls } from './dynamo-calls';
import { connections, type LoadResult } from './ranking-read-load';
import { sampleSeason } from './smoke';
import { isEntryPoint } from '../entry-point';

const loadEntry = fileURLToPath(new URL('./ranking-read-load.ts', import.meta.url));

function loadFromChild(url: string, seconds: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, loadEntry, url, String(seconds)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(output.trim().split('\n').at(-1)!) as LoadResult)
        : reject(new Error(`load generator exited with ${code}`)),
    );
  });
}

async function fetchJson(url: string) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as { rankings?: unknown[] };
}

/** The measurement over `[seconds]`, from the script's arguments. */
export async function run(args: readonly string[]): Promise<Record<string, unknown>> {
  const seconds = Number(args[0] ?? 10);
  const stack = await startStack({
    port: 0,
    dataDir: null,
    spaDir: null,
    seed: true,
    quiet: true,
    ...sampleSeason(),
  });
  try {
    // A round whose snapshot has a second page of type 1.
    let rankingPath: string | undefined;
    for (const round of [1, 2, 3, 4]) {
      const path = `/api/golf/ranking?page=2&type=1&round=${round}`;
      if ((await fetchJson(stack.url + path)).rankings?.length) {
        rankingPath = path;
        break;
      }
    }
    if (!rankingPath) throw new Error('the sample season has no ranking page 2 in any round');
    // The same page with the tournament named, which spares resolving the current one.
    const { game_global_id: gameId } = await resolveTournament(undefined, new Date());
    const namedPath = `${rankingPath}&game_global_id=${encodeURIComponent(gameId)}`;
    const prefecturePath = '/api/master/prefecture';
    for (const path of [namedPath, prefecturePath]) await fetchJson(stack.url + path);

    const calls = countDynamoCalls();
    const measure = async (path: string) => {
      calls.reset();
      const result = await loadFromChild(stack.url + path, seconds);
      // The counts span the warm-up too: divide by every request the child sent.
      const sent = result.warmup_requests + result.requests;
      return { path, ...result, dynamodb_calls_per_request: calls.perRequest(sent) };
    };
    const prefecture = await measure(prefecturePath);
    const ranking = await measure(rankingPath);
    const named = await measure(namedPath);
    return {
      connections,
      seconds,
      results: [ranking, named, prefecture],
      throughput_ratio: Math.round((ranking.requests_per_s / prefecture.requests_per_s) * 100) / 100,
    };
  } finally {
    await stack.stop();
  }
}

if (isEntryPoint(import.meta.url)) console.log(JSON.stringify(await run(process.argv.slice(2))));
