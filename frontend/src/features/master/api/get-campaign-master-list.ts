import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { masterListSchema, type campaignMasterListNames } from '@golf/shared/schemas/master';
import { apiRequest } from '../../../lib/api-client';

export type CampaignMasterListName = (typeof campaignMasterListNames)[number];

/** Option lists of the campaign entry form; fetched once per page load, like the other master lists. */
export const campaignMasterListQueryOptions = (list: CampaignMasterListName) =>
  queryOptions({
    queryKey: ['master', 'campaign', list],
    queryFn: ({ signal }) =>
      apiRequest(`/api/master/akifuyu_campaign/${list}`, { signal, schema: masterListSchema }),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useCampaignMasterList(list: CampaignMasterListName) {
  return useSuspenseQuery(campaignMasterListQueryOptions(list)).data;
}
