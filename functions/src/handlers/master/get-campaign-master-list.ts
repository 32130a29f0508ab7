import { campaignMasterLists } from '@golf/shared/master/static-lists';

import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'getCampaignMasterList',
  async ({ params }) => campaignMasterLists[params.list],
);
