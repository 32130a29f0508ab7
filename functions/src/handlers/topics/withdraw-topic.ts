import { topicParamsSchema } from '@golf/shared/schemas/topic';
import { withdrawTopic } from '../../domain/topics/topic-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('withdrawTopic', { params: topicParamsSchema }, async ({ params }) =>
  withdrawTopic(params.id),
);
