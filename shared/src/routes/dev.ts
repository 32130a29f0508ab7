import * as z from 'zod';
import type { RouteDefinition } from '../contracts';

/** Served by the local stack only: never deployed. */
export const devRoutes = {
  listDevOutbox: {
    method: 'GET',
    path: '/api/dev/outbox',
    handler: 'dev/list-outbox',
    access: 'public',
    query: z.object({ to: z.email().optional() }),
    aws: { table: 'read' },
    localOnly: true,
  },
  getDevJwks: {
    method: 'GET',
    path: '/api/dev/auth/.well-known/jwks.json',
    handler: 'dev/get-jwks',
    access: 'public',
    aws: { table: 'none' },
    localOnly: true,
  },
} as const satisfies Record<string, RouteDefinition>;
