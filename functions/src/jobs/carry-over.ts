import { settlePassedDeadlines } from '../domain/game/carry-over-service';
import { runAlone } from '../domain/jobs/run-alone';
import { now } from '../lib/clock';

/**
 * The timer's entry point (EventBridge schedule): every tournament with a round deadline passed and
 * not settled yet, at the invocation time.
 */
export const handler = async () => runAlone('carry-over', () => settlePassedDeadlines({ now: now() }));
