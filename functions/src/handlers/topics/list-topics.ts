import { listTopics } from '../../domain/topics/topic-service';
import { httpHandler } from '../../adapters/http-handler';
import { listTopicsRoute } from '@golf/shared/routes/topics';

export const handler = httpHandler(listTopicsRoute, async ({ query, now }) => listTopics(query.page, now));
