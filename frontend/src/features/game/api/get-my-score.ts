import { queryOptions, useQuery } from '@tanstack/react-query';
import { myScoreSchema } from '@golf/shared/schemas/game';
import { apiRequest } from '../../../lib/api-client';

/** My team's score per round and in total, for a tournament (the current one when no id). */
export const myScoreQueryOptions = (gameGlobalId?: string) =>
  queryOptions({
    queryKey: ['game', 'my-score', gameGlobalId ?? 'current'],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/golf/schedule/score/me${gameGlobalId ? `?game_global_id=${encodeURIComponent(gameGlobalId)}` : ''}`,
        { signal, schema: myScoreSchema },
      ),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

/** Not suspending: the leaderboard shows at once and my score joins it when it arrives. */
export const useMyScore = (gameGlobalId: string | undefined, enabled: boolean) =>
  useQuery({ ...myScoreQueryOptions(gameGlobalId), enabled });
