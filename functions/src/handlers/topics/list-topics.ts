import { listTopics } from '../../domain/topics/topic-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('listTopics', async ({ query, now }) => listTopics(query.page, now));
