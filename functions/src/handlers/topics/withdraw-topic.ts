import { withdrawTopic } from '../../domain/topics/topic-service';
import { httpHandler } from '../../adapters/http-handler';
import { withdrawTopicRoute } from '@golf/shared/routes/topics';

export const handler = httpHandler(withdrawTopicRoute, async ({ params }) => withdrawTopic(params.id));
