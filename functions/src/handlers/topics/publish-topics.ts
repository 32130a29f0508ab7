import { publishTopics } from '../../domain/topics/topic-service';
import { httpHandler } from '../../adapters/http-handler';
import { publishTopicsRoute } from '@golf/shared/routes/topics';

export const handler = httpHandler(publishTopicsRoute, async ({ body, now }) =>
  publishTopics(body.topics, now),
);
