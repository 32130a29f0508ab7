import { golfMasterList } from '../../domain/master/golf-master-list';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getGolfMasterList', async ({ params, now }) =>
  golfMasterList(params.list, now),
);
