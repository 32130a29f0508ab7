import { campaignMasterLists } from '@golf/shared/master/static-lists';

import { httpHandler } from '../../adapters/http-handler';
import { getCampaignMasterListRoute } from '@golf/shared/routes/master';

export const handler = httpHandler(
  getCampaignMasterListRoute,
  async ({ params }) => campaignMasterLists[params.list],
);
