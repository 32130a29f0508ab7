/**
 * What the operator's use cases share. Each operator action is one use case in the domain: the
 * change and what the rankings need after it. A change that wrote something marks its tournament's
 * rankings stale and starts the ranking job; a dry run, or a repeat that found the change done,
 * wrote nothing and leaves them alone. Each takes its route row's body as the API parsed it and the
 * operator acting, so its handler only passes them on.
 */
import type { RouteBody } from '@golf/shared/contracts';
import { resolveTournament } from '../game/tournament-context';
import { rankingsChanged } from '../ranking/job/rankings-changed';

/** Who acts, and when. */
export interface Operator {
  operatorId: string;
  now: Date;
}

/** Answers the change's result, having the tournament's rankings published again when it wrote. */
export async function publishedAfter<T>(
  result: T,
  gameGlobalId: string,
  now: Date,
  wrote: boolean,
): Promise<T> {
  // The ranking job publishes in the background; readers switch when it is complete.
  if (wrote) await rankingsChanged(gameGlobalId, now);
  return result;
}

/** Publishes the rankings of a tournament again, or of the current one. */
export async function recomputeRankingsAction(body: RouteBody<'recomputeRankings'>, now: Date) {
  return rankingsChanged((await resolveTournament(body.game_global_id, now)).game_global_id, now);
}
