import type { ZodType } from 'zod';
import type { RouteInput, RouteName, RouteResponse } from '@golf/shared/contracts';
import { apiRequest, type QueryValue } from './api-client';
import { apiRoutes } from './api-routes.gen';

export type ApiRouteName = keyof typeof apiRoutes & RouteName;

/** A call's input as the route row types it, plus what every call may take. */
export type ApiInput<N extends ApiRouteName> = RouteInput<N, FormData> & {
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

type Call<N extends ApiRouteName> =
  Record<string, never> extends RouteInput<N, FormData>
    ? (input?: ApiInput<N>) => Promise<RouteResponse<N>>
    : (input: ApiInput<N>) => Promise<RouteResponse<N>>;

/** Fills `{name}` segments of a route path with the call's params. */
export function routePath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(String(params[key] ?? '')));
}

/**
 * The answer's schema, in development and tests only: the schemas stay out of the production
 * bundle, and a server answer that drifts from its row fails loudly where it is built.
 */
async function answerSchema(name: ApiRouteName) {
  if (import.meta.env.PROD) return undefined;
  const { routes } = await import('@golf/shared/contracts');
  return (routes[name] as { response?: ZodType }).response;
}

async function call(name: ApiRouteName, input: Record<string, unknown> = {}): Promise<unknown> {
  const [method, path] = apiRoutes[name];
  const schema = await answerSchema(name);
  return apiRequest(routePath(path, input['params'] as Record<string, unknown> | undefined), {
    method,
    ...(input['query'] !== undefined && { query: input['query'] as Record<string, QueryValue> }),
    ...(input['body'] !== undefined && { body: input['body'] }),
    ...(input['signal'] !== undefined && { signal: input['signal'] as AbortSignal }),
    ...(input['headers'] !== undefined && { headers: input['headers'] as Record<string, string> }),
    ...(schema && { schema }),
  });
}

/**
 * The typed API client: `api.savePick({ params: { round, draft }, body })`. Each call's method,
 * path, input and answer come from its row in the route table (shared/src/routes/*.ts).
 */
export const api = Object.fromEntries(
  (Object.keys(apiRoutes) as ApiRouteName[]).map((name) => [
    name,
    (input?: Record<string, unknown>) => call(name, input),
  ]),
) as unknown as { [N in ApiRouteName]: Call<N> };
