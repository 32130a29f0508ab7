import type { RouteDefinition } from '../contracts';

/** Topics (docs/api.md, section Topics). */
export const topicRoutes = {
  listTopics: {
    method: 'GET',
    path: '/api/topics',
    handler: 'topics/list-topics',
    access: 'public',
    aws: { table: 'read' },
    cacheSeconds: 60,
  },
  publishTopics: {
    method: 'POST',
    path: '/api/ops/topics',
    handler: 'topics/publish-topics',
    access: 'operator',
    aws: { table: 'write' },
  },
  withdrawTopic: {
    method: 'DELETE',
    path: '/api/ops/topics/{id}',
    handler: 'topics/withdraw-topic',
    access: 'operator',
    aws: { table: 'write' },
  },
} as const satisfies Record<string, RouteDefinition>;
