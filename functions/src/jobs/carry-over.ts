import { settlePassedDeadlines } from '../domain/game/carry-over-service';
import { repairRoundGates } from '../domain/game/round-gates';
import { runAlone } from '../domain/job-runs/run-alone';
import { migratedForJob } from '../domain/migrations/runner';
import { now } from '../lib/clock';
import { tracedHandler } from '../lib/tracer';

/**
 * The timer's entry point (EventBridge schedule): every tournament with a round deadline passed and
 * not settled yet, at the invocation time; first, the round gates any writer left behind.
 */
export const handler = tracedHandler(async () =>
  runAlone('carry-over', async () => {
    if (!(await migratedForJob('carry-over', now()))) return { skipped: true as const };
    const gatesRepaired = await repairRoundGates();
    return { ...(await settlePassedDeadlines({ now: now() })), gates_repaired: gatesRepaired };
  }),
);
