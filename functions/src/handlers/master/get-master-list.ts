import { masterLists } from '@golf/shared/master/static-lists';

import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getMasterList', async ({ params }) => masterLists[params.list]);
