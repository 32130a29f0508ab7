import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** After a team write: every game query (round views, my score, the live panel) reads again. */
export const refreshGame = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.game.all });

/**
 * After a refused team write. A refusal for the deadline means the screen showed a round as open
 * that is closed now: the round views and the schedule read again, so 受付中, the countdown and the
 * 外す buttons go at once instead of on the next reload.
 */
export function refreshAfterRefusal(queryClient: QueryClient, error: unknown) {
  if (!isApiError(error) || error.code !== 'deadline_passed') return;
  return Promise.all([
    refreshGame(queryClient),
    queryClient.invalidateQueries({ queryKey: queryKeys.master.golf('schedule') }),
  ]);
}
