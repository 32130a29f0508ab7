import { masterLists } from '@golf/shared/master/static-lists';

import { httpHandler } from '../../lib/http-handler';
import { getMasterListRoute } from '@golf/shared/routes/master';

export const handler = httpHandler(getMasterListRoute, async ({ params }) => masterLists[params.list]);
