import * as z from 'zod';
import { joinKeys, keyParts } from '../aws-access';
import type { RouteDefinition } from '../contracts';

export const listDevOutboxRoute = {
  name: 'listDevOutbox',
  method: 'GET',
  path: '/api/dev/outbox',
  handler: 'dev/list-outbox',
  access: 'public',
  query: z.object({ to: z.email().max(254).optional() }),
  aws: { table: 'read', keys: joinKeys(keyParts.signedIn, { read: ['OUTBOX'] }) },
  localOnly: true,
} as const satisfies RouteDefinition;

export const getDevJwksRoute = {
  name: 'getDevJwks',
  method: 'GET',
  path: '/api/dev/auth/.well-known/jwks.json',
  handler: 'dev/get-jwks',
  access: 'public',
  aws: { table: 'none' },
  localOnly: true,
} as const satisfies RouteDefinition;

/** Served by the local stack only: never deployed. */
export const devRoutes = {
  listDevOutbox: listDevOutboxRoute,
  getDevJwks: getDevJwksRoute,
} as const satisfies Record<string, RouteDefinition>;
