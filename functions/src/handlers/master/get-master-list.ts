import { masterLists } from '@golf/shared/master/static-lists';
import { masterListParamsSchema } from '@golf/shared/schemas/master';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'getMasterList',
  { params: masterListParamsSchema },
  async ({ params }) => masterLists[params.list],
);
