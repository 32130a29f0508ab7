import { publishTopicsBodySchema } from '@golf/shared/schemas/topic';
import { publishTopics } from '../../domain/topics/topic-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'publishTopics',
  { body: publishTopicsBodySchema },
  async ({ body, now }) => publishTopics(body.topics, now),
);
