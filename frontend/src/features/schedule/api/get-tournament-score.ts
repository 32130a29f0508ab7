import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { tournamentScoreSchema } from '@golf/shared/schemas/schedule';
import { apiRequest } from '../../../lib/api-client';

/** A tournament's leaderboard; without an id, the current tournament's. */
export const tournamentScoreQueryOptions = (gameGlobalId?: string) =>
  queryOptions({
    queryKey: ['schedule', 'score', gameGlobalId ?? 'current'],
    queryFn: ({ signal }) =>
      apiRequest('/api/golf/schedule/score', {
        signal,
        query: { game_global_id: gameGlobalId },
        schema: tournamentScoreSchema,
      }),
    staleTime: 30_000,
  });

export function useTournamentScore(gameGlobalId?: string) {
  return useSuspenseQuery(tournamentScoreQueryOptions(gameGlobalId)).data;
}
