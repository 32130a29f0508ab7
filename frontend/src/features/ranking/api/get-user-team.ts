import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * Another player's team for a round of a tournament (the current one when none is named), served
 * only once the round's deadline has passed (403 before).
 */
const userTeamQueryOptions = (round: number, userId: string, gameGlobalId: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.ranking.team(round, userId, gameGlobalId),
    queryFn: ({ signal }) =>
      api.getUserTeam({
        params: { round, user_id: userId },
        query: { game_global_id: gameGlobalId },
        signal,
      }),
    staleTime: 60_000,
    retry: false,
  });

export const useUserTeam = (round: number, userId: string, enabled: boolean, gameGlobalId?: string) =>
  useQuery({ ...userTeamQueryOptions(round, userId, gameGlobalId), enabled });
