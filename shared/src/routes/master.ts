import type { RouteDefinition } from '../contracts';
import {
  campaignMasterListParamsSchema,
  golfMasterListParamsSchema,
  golfMasterListResponseSchema,
  masterListParamsSchema,
  masterListSchema,
} from '../schemas/master';
import { prizeListKeys } from '../route-partitions';

export const getMasterListRoute = {
  name: 'getMasterList',
  method: 'GET',
  path: '/api/master/{list}',
  handler: 'master/get-master-list',
  access: 'public',
  params: masterListParamsSchema,
  response: masterListSchema,
  cacheSeconds: 3600,
  aws: { table: 'none' },
} as const satisfies RouteDefinition;

export const getCampaignMasterListRoute = {
  name: 'getCampaignMasterList',
  method: 'GET',
  path: '/api/master/akifuyu_campaign/{list}',
  handler: 'master/get-campaign-master-list',
  access: 'public',
  params: campaignMasterListParamsSchema,
  response: masterListSchema,
  cacheSeconds: 3600,
  aws: { table: 'none' },
} as const satisfies RouteDefinition;

export const getGolfMasterListRoute = {
  name: 'getGolfMasterList',
  method: 'GET',
  path: '/api/golf/master/{list}',
  handler: 'master/get-golf-master-list',
  access: 'public',
  params: golfMasterListParamsSchema,
  response: golfMasterListResponseSchema,
  cacheSeconds: 60,
  aws: { table: 'read', keys: prizeListKeys },
} as const satisfies RouteDefinition;

export const masterRoutes = {
  getMasterList: getMasterListRoute,
  getCampaignMasterList: getCampaignMasterListRoute,
  getGolfMasterList: getGolfMasterListRoute,
} as const satisfies Record<string, RouteDefinition>;
