import { campaignMasterLists } from '@golf/shared/master/static-lists';
import { campaignMasterListParamsSchema } from '@golf/shared/schemas/master';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'getCampaignMasterList',
  { params: campaignMasterListParamsSchema },
  async ({ params }) => campaignMasterLists[params.list],
);
