import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { masterListNames } from '@golf/shared/schemas/master';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export type MasterListName = (typeof masterListNames)[number];

/**
 * Form option lists (`[{ value, name }]`: age, gender, prefecture...). They change only with a
 * release, so each is fetched once per page load and shared by every form.
 */
export const masterListQueryOptions = (list: MasterListName) =>
  queryOptions({
    queryKey: queryKeys.master.common(list),
    queryFn: ({ signal }) => api.getMasterList({ params: { list }, signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useMasterList(list: MasterListName) {
  return useSuspenseQuery(masterListQueryOptions(list)).data;
}
