import { queryOptions, useQuery } from '@tanstack/react-query';
import { otherTeamSchema } from '@golf/shared/schemas/game';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/golf/round/{round}/team/{user_id}: another player's team for a round of the current
 * tournament, served only once the round's deadline has passed (403 before).
 */
export const userTeamQueryOptions = (round: number, userId: string) =>
  queryOptions({
    queryKey: ['ranking', 'team', round, userId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/golf/round/${round}/team/${encodeURIComponent(userId)}`, {
        signal,
        schema: otherTeamSchema,
      }),
    staleTime: 60_000,
    retry: false,
  });

export const useUserTeam = (round: number, userId: string, enabled: boolean) =>
  useQuery({ ...userTeamQueryOptions(round, userId), enabled });
