import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** Why my score moved: my change records of a tournament, or of one round, newest first. */
const scoreChangesQueryOptions = (gameGlobalId: string, round?: number) =>
  queryOptions({
    queryKey: queryKeys.game.scoreChanges(gameGlobalId, round),
    queryFn: ({ signal }) =>
      api.getScoreChanges({ query: { game_global_id: gameGlobalId, ...(round ? { round } : {}) }, signal }),
    staleTime: 60_000,
  });

/** Not suspending: the page shows at once and the history joins it when it arrives. */
export const useScoreChanges = (gameGlobalId: string, round?: number) =>
  useQuery(scoreChangesQueryOptions(gameGlobalId, round));
