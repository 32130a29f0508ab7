import type { RouteDefinition } from '../contracts';
import {
  campaignMasterListParamsSchema,
  golfMasterListParamsSchema,
  golfMasterListResponseSchema,
  masterListParamsSchema,
  masterListSchema,
} from '../schemas/master';

export const masterRoutes = {
  getMasterList: {
    method: 'GET',
    path: '/api/master/{list}',
    handler: 'master/get-master-list',
    access: 'public',
    params: masterListParamsSchema,
    response: masterListSchema,
    cacheSeconds: 3600,
    aws: { table: 'none' },
  },
  getCampaignMasterList: {
    method: 'GET',
    path: '/api/master/akifuyu_campaign/{list}',
    handler: 'master/get-campaign-master-list',
    access: 'public',
    params: campaignMasterListParamsSchema,
    response: masterListSchema,
    cacheSeconds: 3600,
    aws: { table: 'none' },
  },
  getGolfMasterList: {
    method: 'GET',
    path: '/api/golf/master/{list}',
    handler: 'master/get-golf-master-list',
    access: 'public',
    params: golfMasterListParamsSchema,
    response: golfMasterListResponseSchema,
    cacheSeconds: 60,
    aws: { table: 'read' },
  },
} as const satisfies Record<string, RouteDefinition>;
