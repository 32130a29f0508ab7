import { masterLists } from '@golf/shared/master/static-lists';

import { httpHandler } from '../../adapters/http-handler';
import { getMasterListRoute } from '@golf/shared/routes/master';

export const handler = httpHandler(getMasterListRoute, async ({ params }) => masterLists[params.list]);
