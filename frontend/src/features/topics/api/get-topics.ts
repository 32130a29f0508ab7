import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { topicListSchema } from '@golf/shared/schemas/topic';
import { apiRequest } from '../../../lib/api-client';

export const topicsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['topics', page],
    queryFn: ({ signal }) => apiRequest('/api/topics', { signal, query: { page }, schema: topicListSchema }),
    staleTime: 60_000,
  });

export function useTopics(page: number) {
  return useSuspenseQuery(topicsQueryOptions(page)).data;
}
