import * as z from 'zod';
import type { RouteDefinition } from '../contracts';

export const listDevOutboxRoute = {
  name: 'listDevOutbox',
  method: 'GET',
  path: '/api/dev/outbox',
  handler: 'dev/list-outbox',
  access: 'public',
  query: z.object({ to: z.email().max(254).optional() }),
  aws: { table: 'read', keys: { read: ['LOGIN#', 'OUTBOX', 'REVOKED#', 'USER#'] } },
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

/**
 * Makes a player registered by e-mail an operator of the local stack (the group `operators` on their
 * login; their next sign-in carries it). `npm run ops -- create-operator <email>` calls it with the
 * CLI's own operator token; in AWS the CLI adds the user to the user pool's group instead.
 */
export const createDevOperatorRoute = {
  name: 'createDevOperator',
  method: 'POST',
  path: '/api/dev/operators',
  handler: 'dev/create-operator',
  access: 'operator',
  body: z.object({ email: z.email().max(254) }),
  response: z.object({ user_id: z.string(), email: z.string(), already_done: z.boolean() }),
  aws: { table: 'write', keys: { read: ['LOGIN#', 'REVOKED#', 'USER#'], write: ['LOGIN#'] } },
  localOnly: true,
} as const satisfies RouteDefinition;

/**
 * The CLI on the local stack signs its own operator token (`ops-cli`) with the stack's key; this
 * records that session's second factor, which a person's session gets from their TOTP code. Only
 * the key's holder can make such a token, and the row never deploys.
 */
export const createDevOpsCliSessionRoute = {
  name: 'createDevOpsCliSession',
  method: 'POST',
  path: '/api/dev/ops-cli/session',
  handler: 'dev/create-ops-cli-session',
  access: 'public',
  response: z.object({ message: z.string() }),
  aws: { table: 'write', keys: { write: ['USER#'] } },
  localOnly: true,
} as const satisfies RouteDefinition;

/** Served by the local stack only: never deployed. */
export const devRoutes = {
  listDevOutbox: listDevOutboxRoute,
  getDevJwks: getDevJwksRoute,
  createDevOperator: createDevOperatorRoute,
  createDevOpsCliSession: createDevOpsCliSessionRoute,
} as const satisfies Record<string, RouteDefinition>;
