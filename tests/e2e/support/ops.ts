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
 * Waits until the rankings of the tournament are published with nothing waiting, and answers the
 * snapshot served (one other than `after` when given). A recompute is asked for once if the rankings
 * stay stale with no job building them.
 */
export async function publishedSnapshot(
  stack: Stack,
  token: string,
  id: string,
  after?: string,
): Promise<string> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const status = (
      await callApi<RankingStatusResponse>(
        stack,
        'GET',
        `/api/golf/ops/rankings/status?game_global_id=${id}`,
        token,
      )
    ).body;
    const served = status.served?.snapshot_id;
    if (served && served !== after && !status.stale && !status.building) return served;
    if (attempt === 20 && !status.building && status.stale)
      await callApi(stack, 'POST', '/api/golf/ops/rankings/recompute', token, { game_global_id: id });
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the rankings of ${id} were not published`);
}
