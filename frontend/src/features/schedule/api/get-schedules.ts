import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { scheduleSchema } from '@golf/shared/schemas/schedule';
import { apiRequest } from '../../../lib/api-client';

/** The season's tournaments (the schedule master list). Round states move, so it is kept 60 s. */
export const schedulesQueryOptions = () =>
  queryOptions({
    queryKey: ['master', 'golf', 'schedule'],
    queryFn: ({ signal }) =>
      apiRequest('/api/golf/master/schedule', { signal, schema: scheduleSchema.array() }),
    staleTime: 60_000,
  });

export function useSchedules() {
  return useSuspenseQuery(schedulesQueryOptions()).data;
}
