import { withdrawTopic } from '../../domain/topics/topic-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('withdrawTopic', async ({ params }) => withdrawTopic(params.id));
