import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** My season: per tournament, my round scores, ranks after each round and yearly points. */
const seasonHistoryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.game.seasonHistory,
    queryFn: ({ signal }) => api.getSeasonHistory({ query: {}, signal }),
    staleTime: 5 * 60_000,
  });

/** Not suspending: my page shows at once and the charts join it when they arrive. */
export const useSeasonHistory = () => useQuery(seasonHistoryQueryOptions());
