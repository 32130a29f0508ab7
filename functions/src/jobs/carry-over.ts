import { runCarryOver } from '../domain/game/carry-over-service';
import { runAlone } from '../domain/jobs/run-alone';
import { now } from '../lib/clock';

/** The timer's entry point (EventBridge schedule): the current tournament at the invocation time. */
export const handler = async () => runAlone('carry-over', () => runCarryOver({ now: now() }));
