import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Schedule } from '@golf/shared/schemas/schedule';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The season's tournaments (the schedule master list). Round states move, so it is kept 60 s. */
export const schedulesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.master.golf('schedule'),
    queryFn: ({ signal }) =>
      // The row answers one of three lists; `schedule` asks for the season's tournaments.
      api.getGolfMasterList({ params: { list: 'schedule' }, signal }) as Promise<Schedule[]>,
    staleTime: 60_000,
  });

export function useSchedules() {
  return useSuspenseQuery(schedulesQueryOptions()).data;
}
