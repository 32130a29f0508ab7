import { scoreChangesView } from '../../domain/game/score-change-view';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getScoreChanges', async ({ query, auth, now }) =>
  scoreChangesView(auth.userId, query, now),
);
