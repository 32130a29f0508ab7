/**
 * `npx tsx scripts/bench/ranking-import.ts <players>`: an operator's results import of the live
 * round on the local stack (DynamoDB Local in memory, s3rver, the handlers over HTTP), with
 * `<players>` teams in that round: how long the import call takes to answer (`import_answer_ms`),
 * and how long from its answer until the ranking job (started by the call) serves the new snapshot
 * (`import_to_served_ms`, polled through the operators' ranking status every 100 ms). The sample
 * season is seeded as `npm start` does, the round settled again (its teams, the seeded ones with
 * them, are read and frozen by the next run) and its rankings published once before the import.
 * `--answer-only` seeds the teams but neither publishes before nor waits after: the import's answer
 * alone (at 1M players, where a publish on DynamoDB Local takes many minutes). Prints one JSON line,
 * the object `run` returns (a smoke run of `npm run bench:ranking` calls `run` instead of starting
 * the script).
 */
import { currentTournament, deriveSchedule } from '../../shared/src/schedule/derive-schedule';
import { rankingStatusResponseSchema } from '../../shared/src/schemas/ranking';
import { batchWriteAll } from '../../functions/src/db/batch-write';
import { teamItem } from '../../functions/src/db/repositories/team-repository';
import { userRepository } from '../../functions/src/db/repositories/user-repository';
import { rankingStateRepository } from '../../functions/src/db/repositories/ranking-state-repository';
import { tournamentRepository } from '../../functions/src/db/repositories/tournament-repository';
import { newPlayer } from '../../functions/src/domain/account/account-service';
import { ineligibility } from '../../functions/src/domain/game/players';
import { runRankingJob } from '../../functions/src/domain/ranking/job/publish-job';
import { operatorSessionToken } from '../test-support/operator-session';
import { generateSampleSeason } from '../seed/generate';
import { startStack } from '../local-stack/stack';
import { sampleSeason } from './smoke';
import { isEntryPoint } from '../entry-point';

const log = (line: string) => console.error(`[bench:ranking import] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The measurement with `<players>` teams (`--answer-only`: the import's answer alone), from the
 * script's arguments.
 */
export async function run(args: readonly string[]): Promise<Record<string, unknown>> {
  const players = Number(args[0] ?? 10_000);
  const answerOnly = args.includes('--answer-only');
  const now = new Date();
  const stack = await startStack({ port: 0, dataDir: null, spaDir: null, ...sampleSeason(now), quiet: true });
  try {
    const season = generateSampleSeason(now);
    const { record } = currentTournament(
      season.tournaments.map((r) => ({ ...deriveSchedule(r, now), record: r })),
    )!;
    const gameGlobalId = record.game_global_id;
    const round = record.rounds.filter((r) => Date.parse(r.deadline_at) <= now.getTime()).at(-1)!.round;
    const field = season.fields.filter((entry) => entry.game_global_id === gameGlobalId);
    const playing = field.filter((entry) => entry.rounds[round - 1] && !ineligibility(entry, round));

    log(`seeding ${players} teams in round ${round} of ${gameGlobalId}`);
    const seedStart = performance.now();
    const teams = Array.from({ length: players }, (_, n) =>
      teamItem({
        game_global_id: gameGlobalId,
        round,
        user_id: `import-bench-${String(n).padStart(7, '0')}`,
        picks: ([1, 2, 3, 4] as const).map((slot) => ({
          slot,
          player_id: playing[(n * 7 + slot * 5) % playing.length]!.player_id,
          auto: false,
        })),
        source: 'manual',
        last_saved_at: record.rounds[round - 1]!.deadline_at,
        version: 1,
      }),
    );
    await batchWriteAll(teams, { concurrency: 8 });
    log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; publishing once`);
    if (!answerOnly) {
      // Settled again, as at a deadline: the round's teams (the sample's, frozen when the stack started)
      // are read once more, with the seeded ones, into the round's frozen object that later runs score.
      await tournamentRepository.markRoundSettled(gameGlobalId, round, new Date().toISOString());
      const publishStart = performance.now();
      await rankingStateRepository.markStale(gameGlobalId, now);
      const first = await runRankingJob({ now });
      const firstItems = first.published.reduce((sum, run) => sum + run.items_written, 0);
      log(
        `first publish (the round's teams read and frozen): ${Math.round(performance.now() - publishStart)} ms, ${firstItems} items`,
      );
    }

    const operatorId = 'import-bench-operator';
    await userRepository.createUserIfAbsent(
      newPlayer(operatorId, now, { status: 'complete', is_accepted_policy: true, is_registed_email: true }),
    );
    const token = await operatorSessionToken(operatorId);
    const status = async () => {
      const response = await fetch(
        `${stack.url}/api/golf/ops/rankings/status?game_global_id=${encodeURIComponent(gameGlobalId)}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      return rankingStatusResponseSchema.parse(await response.json());
    };
    const served = (await status()).served?.snapshot_id ?? '';

    // The live round's leader shoots 3 better: every team with him moves.
    const moved = playing.find((entry) => entry.rounds[round - 1]!.completed) ?? playing[0]!;
    const result = moved.rounds[round - 1]!;
    const content = JSON.stringify({
      game_global_id: gameGlobalId,
      results: [
        {
          round,
          player_id: moved.player_id,
          strokes: result.strokes === null ? null : result.strokes - 3,
          to_par: result.to_par === null ? -3 : result.to_par - 3,
          thru: result.thru,
          birdies: result.birdies + 3,
          eagles: result.eagles,
          bogeys: result.bogeys,
          status: 'active',
        },
      ],
    });
    const importStart = performance.now();
    const answer = await fetch(`${stack.url}/api/golf/ops/results`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'json', content }),
    });
    const answered = performance.now();
    if (!answer.ok) throw new Error(`import answered ${answer.status}: ${await answer.text()}`);
    log(`import answered in ${Math.round(answered - importStart)} ms`);
    if (answerOnly) return { players, import_answer_ms: Math.round(answered - importStart) };
    let publishedItems = 0;
    for (;;) {
      const current = await status();
      if (!current.stale && !current.building && (current.served?.snapshot_id ?? '') > served) {
        publishedItems = current.served?.items_written ?? 0;
        break;
      }
      if (performance.now() - answered > 600_000) throw new Error('no new snapshot served in 10 minutes');
      await sleep(100);
    }
    const servedAt = performance.now();
    return {
      players,
      import_answer_ms: Math.round(answered - importStart),
      import_to_served_ms: Math.round(servedAt - answered),
      /** What that publish wrote (the live round's scope and the yearly board, rebuilt for all teams). */
      items_written: publishedItems,
    };
  } finally {
    await stack.stop();
  }
}

if (isEntryPoint(import.meta.url)) console.log(JSON.stringify(await run(process.argv.slice(2))));
