import { publishTopics } from '../../domain/topics/topic-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('publishTopics', async ({ body, now }) => publishTopics(body.topics, now));
