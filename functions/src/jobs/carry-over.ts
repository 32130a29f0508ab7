import { runCarryOver } from '../domain/game/carry-over-service';

/** The timer's entry point (EventBridge schedule): the current tournament at the invocation time. */
export const handler = async () => runCarryOver({ now: new Date() });
