import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { campaignMasterListNames } from '@golf/shared/schemas/master';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export type CampaignMasterListName = (typeof campaignMasterListNames)[number];

/** Option lists of the campaign entry form; fetched once per page load, like the other master lists. */
export const campaignMasterListQueryOptions = (list: CampaignMasterListName) =>
  queryOptions({
    queryKey: queryKeys.master.campaign(list),
    queryFn: ({ signal }) => api.getCampaignMasterList({ params: { list }, signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useCampaignMasterList(list: CampaignMasterListName) {
  return useSuspenseQuery(campaignMasterListQueryOptions(list)).data;
}
