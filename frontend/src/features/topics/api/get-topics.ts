import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const topicsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.topics(page),
    queryFn: ({ signal }) => api.listTopics({ query: { page }, signal }),
    staleTime: 60_000,
  });

export function useTopics(page: number) {
  return useSuspenseQuery(topicsQueryOptions(page)).data;
}
