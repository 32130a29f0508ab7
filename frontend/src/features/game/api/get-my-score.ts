import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** My team's score per round and in total, for a tournament (the current one when no id). */
const myScoreQueryOptions = (gameGlobalId?: string) =>
  queryOptions({
    queryKey: queryKeys.game.myScore(gameGlobalId),
    queryFn: ({ signal }) => api.getMyScore({ query: { game_global_id: gameGlobalId }, signal }),
    // Not polled: it reads the player's teams, and a read per player per minute is what a live
    // round must not cost. During a round the live panel moves from the one public live call.
    staleTime: 30_000,
  });

/** Not suspending: the leaderboard shows at once and my score joins it when it arrives. */
export const useMyScore = (gameGlobalId: string | undefined, enabled: boolean) =>
  useQuery({ ...myScoreQueryOptions(gameGlobalId), enabled });
