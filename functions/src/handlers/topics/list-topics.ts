import { topicListQuerySchema } from '@golf/shared/schemas/topic';
import { listTopics } from '../../domain/topics/topic-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('listTopics', { query: topicListQuerySchema }, async ({ query, now }) =>
  listTopics(query.page, now),
);
