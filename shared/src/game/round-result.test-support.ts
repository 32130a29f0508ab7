import type { PlayerRoundResult } from './scoring';

/**
 * A player's result of a round for tests of the scoring: strokes from the to-par on a par 72, no
 * birdies or eagles, active, and completed when it has a score; `rest` overrides any of them.
 */
export const roundResult = (
  player_id: string,
  to_par: number | null,
  rest: Partial<PlayerRoundResult> = {},
): PlayerRoundResult => ({
  player_id,
  round: 1,
  to_par,
  strokes: to_par === null ? null : 72 + to_par,
  birdies: 0,
  eagles: 0,
  status: 'active',
  completed: to_par !== null,
  ...rest,
});
