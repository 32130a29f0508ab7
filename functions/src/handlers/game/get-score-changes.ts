import { scoreChangesView } from '../../domain/game/score-change-view';
import { httpHandler } from '../../adapters/http-handler';
import { getScoreChangesRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(getScoreChangesRoute, async ({ query, auth, now }) =>
  scoreChangesView(auth.userId, query, now),
);
