import type { RankingStatusResponse } from '@golf/shared/schemas/ranking';
import type { Stack } from '#scripts/local-stack/stack';
import { enrolledOperator } from '#scripts/test-support/operator-session';
import { callApi } from './own-stack';
import { createPlayer } from './users';

const operators = new Map<string, Promise<string>>();

/**
 * An operator of its own (a new account in the operators' group) signed in as a person is: the
 * password, then the authenticator app set up with a code of its secret. Done once for each name
 * and stack, and the session shared by the journeys that ask for it again.
 */
export function operatorToken(stack: Stack, name: string): Promise<string> {
  const key = `${stack.url} ${name}`;
  if (!operators.has(key))
    operators.set(
      key,
      (async () => {
        const id = `${name}-${Date.now()}`;
        await createPlayer(id);
        return (await enrolledOperator(stack.url, id)).token;
      })(),
    );
  return operators.get(key)!;
}

/**
 * Publishes the rankings now (the stack lets the runs operator calls started end, then runs the job:
 * `Stack.publishRankings`) and answers the snapshot the tournament serves, which must have nothing
 * waiting and be another than `after` when given.
 */
export async function publishedSnapshot(
  stack: Stack,
  token: string,
  id: string,
  after?: string,
): Promise<string> {
  const run = await stack.publishRankings();
  const status = (
    await callApi<RankingStatusResponse>(
      stack,
      'GET',
      `/api/golf/ops/rankings/status?game_global_id=${id}`,
      token,
    )
  ).body;
  const served = status.served?.snapshot_id;
  if (!served || served === after || status.stale || status.score_changes_pending > 0)
    throw new Error(`the rankings of ${id} were not published: ${JSON.stringify({ status, run })}`);
  return served;
}
