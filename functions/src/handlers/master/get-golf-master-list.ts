import { golfMasterList } from '../../domain/master/golf-master-list';
import { httpHandler } from '../../adapters/http-handler';
import { getGolfMasterListRoute } from '@golf/shared/routes/master';

export const handler = httpHandler(getGolfMasterListRoute, async ({ params, now }) =>
  golfMasterList(params.list, now),
);
