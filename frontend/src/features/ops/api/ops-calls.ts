import { queryOptions, useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import type { RouteName } from '@golf/shared/contracts';
import { opsTournamentListSchema, prizeDrawPreviewSchema } from '@golf/shared/schemas/ops';
import { rankingStatusResponseSchema } from '@golf/shared/schemas/ranking';
import { opsRequest } from './ops-request';

/** GET /api/golf/ops/tournaments: every tournament with its rounds (403 outside the operators group). */
export const opsTournamentsQueryOptions = () =>
  queryOptions({
    queryKey: ['ops', 'tournaments'],
    queryFn: ({ signal }) => opsRequest('listTournaments', { signal, schema: opsTournamentListSchema }),
    retry: false,
  });

export function useOpsTournaments() {
  return useSuspenseQuery(opsTournamentsQueryOptions()).data.tournaments;
}

/** GET …/prizes/draw/preview: what a draw with the seed would pick (writes nothing). */
export const prizeDrawPreviewQueryOptions = (gameGlobalId: string, seed?: string) =>
  queryOptions({
    queryKey: ['ops', 'prize-preview', gameGlobalId, seed ?? null],
    queryFn: ({ signal }) =>
      opsRequest('previewPrizeDraw', {
        signal,
        query: { game_global_id: gameGlobalId, seed },
        schema: prizeDrawPreviewSchema,
      }),
    retry: false,
  });

/**
 * GET /api/golf/ops/rankings/status: the snapshot served, a change waiting or being published, and
 * the last publish; read again every 5 seconds while a publish is under way.
 */
export function useRankingStatus() {
  return useQuery({
    queryKey: ['ops', 'ranking-status'],
    queryFn: ({ signal }) => opsRequest('getRankingStatus', { signal, schema: rankingStatusResponseSchema }),
    refetchInterval: (query) => (query.state.data?.stale || query.state.data?.building ? 5000 : false),
  });
}

/**
 * One operator action by its route row. On success every console query is read again, so states
 * and deadlines on screen are the ones the action left.
 */
export function useOpsAction<T>(name: RouteName, schema?: ZodType<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      body?: unknown;
      query?: Record<string, string>;
      params?: Record<string, string>;
    }) => opsRequest<T>(name, { ...input, ...(schema && { schema }) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ops'] }),
  });
}
