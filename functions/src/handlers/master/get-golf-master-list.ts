import { golfMasterListParamsSchema } from '@golf/shared/schemas/master';
import { golfMasterList } from '../../domain/master/golf-master-list';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'getGolfMasterList',
  { params: golfMasterListParamsSchema },
  async ({ params, now }) => golfMasterList(params.list, now),
);
