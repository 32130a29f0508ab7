import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * Another player's team for a round of the current tournament, served only once the round's
 * deadline has passed (403 before).
 */
const userTeamQueryOptions = (round: number, userId: string) =>
  queryOptions({
    queryKey: ['ranking', 'team', round, userId],
    queryFn: ({ signal }) => api.getUserTeam({ params: { round, user_id: userId }, signal }),
    staleTime: 60_000,
    retry: false,
  });

export const useUserTeam = (round: number, userId: string, enabled: boolean) =>
  useQuery({ ...userTeamQueryOptions(round, userId), enabled });
