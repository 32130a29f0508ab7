import { queryOptions, useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { RouteResponse } from '@golf/shared/contracts';
import { api, type ApiInput, type ApiRouteName } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/golf/ops/tournaments: every tournament with its rounds (403 outside the operators group). */
export const opsTournamentsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.ops.tournaments,
    queryFn: ({ signal }) => api.listTournaments({ signal }),
    retry: false,
  });

export function useOpsTournaments() {
  return useSuspenseQuery(opsTournamentsQueryOptions()).data.tournaments;
}

/** GET /api/golf/ops/round/results: each player's stored values of the round, with their versions. */
export const roundResultsQueryOptions = (gameGlobalId: string, round: number) =>
  queryOptions({
    queryKey: queryKeys.ops.roundResults(gameGlobalId, round),
    queryFn: ({ signal }) =>
      api.getOpsRoundResults({ signal, query: { game_global_id: gameGlobalId, round } }),
    retry: false,
  });

/** GET /api/golf/ops/prizes: a tournament's prizes and its season's yearly ones, retired and drawn ones marked. */
export const opsPrizesQueryOptions = (gameGlobalId: string) =>
  queryOptions({
    queryKey: queryKeys.ops.prizes(gameGlobalId),
    queryFn: ({ signal }) => api.listOpsPrizes({ signal, query: { game_global_id: gameGlobalId } }),
    retry: false,
  });

/** GET …/prizes/draw/preview: what a draw would decide, its lottery's picks left out (writes nothing). */
export const prizeDrawPreviewQueryOptions = (gameGlobalId: string) =>
  queryOptions({
    queryKey: queryKeys.ops.prizePreview(gameGlobalId),
    queryFn: ({ signal }) => api.previewPrizeDraw({ signal, query: { game_global_id: gameGlobalId } }),
    retry: false,
  });

/**
 * GET /api/golf/ops/rankings/status: the snapshot served, a change waiting or being published, and
 * the last publish; read again every 5 seconds while a publish is under way.
 */
export function useRankingStatus() {
  return useQuery({
    queryKey: queryKeys.ops.rankingStatus,
    queryFn: ({ signal }) => api.getRankingStatus({ signal }),
    refetchInterval: (query) => (query.state.data?.stale || query.state.data?.building ? 5000 : false),
  });
}

/** What an operator action sends: its route row's params, query and body. */
export type OpsActionInput<N extends ApiRouteName> = Omit<ApiInput<N>, 'signal'>;

/**
 * One operator action: the typed client's call of its route, so the console sends what the route
 * row types and reads what it answers. On success every console query is read again, so states and
 * deadlines on screen are the ones the action left.
 */
export function useOpsAction<N extends ApiRouteName>(name: N) {
  const queryClient = useQueryClient();
  // One call of the client, typed by the route the hook was given.
  const call = api[name] as unknown as (input: OpsActionInput<N>) => Promise<RouteResponse<N>>;
  return useMutation({
    mutationFn: (input: OpsActionInput<N>) => call(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.ops.all }),
  });
}

/** An operator action's call, as a page holds it to reset it or hands it to a section. */
export type OpsAction<N extends ApiRouteName> = ReturnType<typeof useOpsAction<N>>;

/** The actions that change published results: each answers a dry run with what it would change. */
type DryRunRoute = 'correctResult' | 'withdrawPlayer' | 'cancelRound' | 'cancelTournament' | 'moveDeadline';

/** An action's dry run: what it would change. Nothing is written, so no console query is read again. */
export function useOpsDryRun<N extends DryRunRoute>(name: N) {
  // They answer the same shape (operatorActionPreviewResponseSchema).
  const call = api[name] as unknown as (input: OpsActionInput<N>) => Promise<RouteResponse<DryRunRoute>>;
  return useMutation({ mutationFn: (input: OpsActionInput<N>) => call(input) });
}
