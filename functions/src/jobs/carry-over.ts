import { settlePassedDeadlines } from '../domain/game/carry-over-service';
import { runAlone } from '../domain/jobs/run-alone';
import { migratedForJob } from '../domain/ops/migrations/runner';
import { now } from '../lib/clock';

/**
 * The timer's entry point (EventBridge schedule): every tournament with a round deadline passed and
 * not settled yet, at the invocation time.
 */
export const handler = async () =>
  runAlone('carry-over', async () =>
    (await migratedForJob('carry-over', now()))
      ? settlePassedDeadlines({ now: now() })
      : { skipped: true as const },
  );
