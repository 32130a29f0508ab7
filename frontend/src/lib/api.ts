import type { ZodType } from 'zod';
import type { RouteInput, RouteName } from '@golf/shared/contracts';
import { createRouteClient, type RouteClient } from '@golf/shared/route-client';
import { apiRequest } from './api-client';
import { apiRoutes } from './api-routes.gen';

export type ApiRouteName = keyof typeof apiRoutes & RouteName;

/** What every call may take besides its row's input. */
interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** A call's input as the route row types it, plus what every call may take. */
export type ApiInput<N extends ApiRouteName> = RouteInput<N, FormData> & CallOptions;

/**
 * The answer's schema, in development and tests only: the schemas stay out of the production
 * bundle, and a server answer that drifts from its row fails loudly where it is built.
 */
async function answerSchema(name: RouteName) {
  if (import.meta.env.PROD) return undefined;
  const { routes } = await import('@golf/shared/contracts');
  return (routes[name] as { response?: ZodType }).response;
}

/**
 * The typed API client: `api.savePick({ params: { round, draft }, body })`. Each call's method,
 * path, input and answer come from its row in the route table (shared/src/routes/*.ts).
 */
export const api: RouteClient<ApiRouteName, CallOptions, FormData> = createRouteClient<
  ApiRouteName,
  CallOptions,
  FormData
>(apiRoutes, async ({ name, method, path, query, body }, { signal, headers }) => {
  const schema = await answerSchema(name);
  return apiRequest(path, {
    method,
    ...(query !== undefined && { query }),
    ...(body !== undefined && { body }),
    ...(signal !== undefined && { signal }),
    ...(headers !== undefined && { headers }),
    ...(schema && { schema }),
  });
});
