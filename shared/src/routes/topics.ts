import type { RouteDefinition } from '../contracts';
import {
  publishTopicsBodySchema,
  publishTopicsResultSchema,
  topicListQuerySchema,
  topicListSchema,
  topicParamsSchema,
} from '../schemas/topic';

/** Operators' changes to topics. */
const topicKeys = { read: ['LOGIN#', 'REVOKED#', 'USER#'], write: ['TOPIC#'], index: ['TOPICS'] } as const;

export const listTopicsRoute = {
  name: 'listTopics',
  method: 'GET',
  path: '/api/topics',
  handler: 'topics/list-topics',
  access: 'public',
  query: topicListQuerySchema,
  response: topicListSchema,
  aws: { table: 'read', keys: { read: ['LOGIN#', 'REVOKED#', 'TOPIC#', 'USER#'], index: ['TOPICS'] } },
  cacheSeconds: 60,
} as const satisfies RouteDefinition;

export const publishTopicsRoute = {
  name: 'publishTopics',
  method: 'POST',
  path: '/api/ops/topics',
  handler: 'topics/publish-topics',
  access: 'operator',
  body: publishTopicsBodySchema,
  response: publishTopicsResultSchema,
  aws: { table: 'write', keys: topicKeys },
} as const satisfies RouteDefinition;

export const withdrawTopicRoute = {
  name: 'withdrawTopic',
  method: 'DELETE',
  path: '/api/ops/topics/{id}',
  handler: 'topics/withdraw-topic',
  access: 'operator',
  params: topicParamsSchema,
  aws: { table: 'write', keys: topicKeys },
} as const satisfies RouteDefinition;

/** Topics (docs/api.md, section Topics). */
export const topicRoutes = {
  listTopics: listTopicsRoute,
  publishTopics: publishTopicsRoute,
  withdrawTopic: withdrawTopicRoute,
} as const satisfies Record<string, RouteDefinition>;
