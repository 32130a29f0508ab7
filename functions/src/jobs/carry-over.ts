import { runCarryOver } from '../domain/game/carry-over-service';
import { now } from '../lib/clock';

/** The timer's entry point (EventBridge schedule): the current tournament at the invocation time. */
export const handler = async () => runCarryOver({ now: now() });
