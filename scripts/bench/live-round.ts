/**
 * `npm run bench:live [-- players]`: what one live round call (GET /api/golf/round/{round}/live)
 * costs the table, with the sample season and again after `players` more players (20,000 unless
 * given) have a scored team in the round and the ranking job has published them. The stack runs in
 * this process, so its DynamoDB requests are counted per call; 20 calls are made one after another,
 * with the tournament named (as the pages ask) and without it. Writes bench/results/live-round.json.
 * Figures are measured, never asserted. `-- --smoke`: 200 players, 2 calls, nothing written.
 */
import { batchWriteAll } from '../../functions/src/db/batch-write';
import { teamItem, type TeamRecord } from '../../functions/src/db/repositories/team-repository';
import { tournamentRepository } from '../../functions/src/db/repositories/tournament-repository';
import { rankingStateRepository } from '../../functions/src/db/repositories/ranking-state-repository';
import { resolveTournament } from '../../functions/src/domain/game/tournament-context';
import { runRankingJob } from '../../functions/src/domain/ranking/job/publish-job';
import { deriveSchedule } from '../../shared/src/schedule/derive-schedule';
import { startStack } from '../local-stack/stack';
import { countDynamoCalls } from './dynamo-calls';
import { percentile } from './stats';
import { sampleSeason, sized, smokeDone, writeFigures } from './smoke';

const calls = sized(20, 2);
const log = (line: string) => console.error(`[bench:live] ${line}`);

async function measure(url: string, counter: ReturnType<typeof countDynamoCalls>) {
  await fetch(url).then((r) => r.arrayBuffer());
  counter.reset();
  const latencies: number[] = [];
  let bytes = 0;
  for (let i = 0; i < calls; i++) {
    const start = performance.now();
    const response = await fetch(url);
    const body = await response.arrayBuffer();
    latencies.push(performance.now() - start);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    bytes = body.byteLength;
  }
  const perRequest = counter.perRequest(calls);
  return {
    dynamodb_requests_per_call: perRequest,
    dynamodb_requests_total: Object.values(perRequest).reduce((a, b) => a + b, 0),
    response_bytes: bytes,
    p50_ms: Math.round(percentile(latencies, 50) * 10) / 10,
    cache_control: (await fetch(url)).headers.get('cache-control'),
  };
}

async function main(players: number) {
  const now = new Date();
  const stack = await startStack({ port: 0, dataDir: null, spaDir: null, ...sampleSeason(now), quiet: true });
  try {
    const record = await resolveTournament(undefined, now);
    const schedule = deriveSchedule(record, now);
    const playing = schedule.rounds.findLast((r) => r.status === 'locked' || r.status === 'provisional');
    if (!playing) throw new Error('the sample season has no round being played');
    const round = playing.round;
    const named = `${stack.url}/api/golf/round/${round}/live?game_global_id=${encodeURIComponent(record.game_global_id)}`;
    const current = `${stack.url}/api/golf/round/${round}/live`;
    const counter = countDynamoCalls();
    const sample = { named: await measure(named, counter), current: await measure(current, counter) };
    const field = await tournamentRepository.field(record.game_global_id);
    log(`sample season: ${JSON.stringify(sample.named.dynamodb_requests_per_call)} per call`);

    log(`writing ${players} more teams of round ${round} and their scores`);
    const active = field.filter((entry) => entry.status === 'active');
    const items: Array<Record<string, unknown>> = [];
    for (let n = 0; n < players; n++) {
      const team: TeamRecord = {
        game_global_id: record.game_global_id,
        round,
        user_id: `bench-live-${String(n).padStart(7, '0')}`,
        picks: [0, 1, 2, 3].map((slot) => ({
          slot: (slot + 1) as 1 | 2 | 3 | 4,
          player_id: active[(n * 5 + slot * 3) % active.length]!.player_id,
          auto: false,
        })),
        source: 'manual',
        last_saved_at: record.rounds[round - 1]!.deadline_at,
        version: 1,
      };
      items.push(teamItem(team));
    }
    await batchWriteAll(items, { concurrency: 8 });
    await rankingStateRepository.markStale(record.game_global_id, now);
    await runRankingJob({ now });
    const grown = { named: await measure(named, counter), current: await measure(current, counter) };
    const board = (await (await fetch(named)).json()) as { board: { counts: number[] } };
    const entrants = board.board.counts.reduce((a, b) => a + b, 0);
    log(`with ${entrants} players on the board: ${JSON.stringify(grown.named.dynamodb_requests_per_call)}`);
    return {
      measured_at: now.toISOString(),
      round,
      field_players: field.length,
      calls_per_measure: calls,
      sample_season: sample,
      grown: { players_added: players, board_entrants: entrants, ...grown },
    };
  } finally {
    await stack.stop();
  }
}

const size = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
const result = await main(Number(size ?? sized(20_000, 200)));
writeFigures('bench/results/live-round.json', `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result));
smokeDone();
