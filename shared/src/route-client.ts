/**
 * The typed client over the route table, without a framework: `client.savePick({ params, body })`
 * sends the row's method to its path, with the row's input and answer types, so a changed row
 * (its name, its params, query or body schema) fails the caller's typecheck. The SPA
 * (frontend/src/lib/api.ts) and the operator CLI (scripts/ops/ops-client.ts) each say where the
 * routes are and how a request is sent.
 */
import type { HttpMethod, RouteInput, RouteName, RouteResponse } from './contracts';

export type QueryValue = string | number | boolean | null | undefined;

/** Each route's method and path (`/api/golf/round/{round}`), by the row's name. */
export type RouteTargets<Names extends RouteName> = { readonly [N in Names]: readonly [HttpMethod, string] };

/** One call as the transport sends it: the path filled with the params, the query and the body. */
export interface RouteRequest {
  name: RouteName;
  method: HttpMethod;
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

/** A route's call; its input may be left out when the row needs none. */
type RouteCall<N extends RouteName, Extra, Form> =
  Record<string, never> extends RouteInput<N, Form>
    ? (input?: RouteInput<N, Form> & Extra) => Promise<RouteResponse<N>>
    : (input: RouteInput<N, Form> & Extra) => Promise<RouteResponse<N>>;

/** `Extra`: what every call may take besides the row's input; `Form`: a body sent instead of JSON. */
export type RouteClient<Names extends RouteName, Extra = unknown, Form = never> = {
  [N in Names]: RouteCall<N, Extra, Form>;
};

/** Fills `{name}` segments of a route path with the call's params. */
export function routePath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(String(params[key] ?? '')));
}

/** The path with the query appended; null and undefined values are left out. */
export function buildApiUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) search.append(name, String(value));
  }
  const text = search.toString();
  return text === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

/**
 * A client with one call per route of `targets`; `send` makes the request and answers the parsed
 * answer (or throws), given the whole input for what it takes besides the row's (`Extra`).
 */
export function createRouteClient<Names extends RouteName, Extra = unknown, Form = never>(
  targets: RouteTargets<Names>,
  send: (request: RouteRequest, input: Partial<Extra>) => Promise<unknown>,
): RouteClient<Names, Extra, Form> {
  const call = (name: Names, input: Record<string, unknown> = {}) => {
    const [method, path] = targets[name];
    return send(
      {
        name,
        method,
        path: routePath(path, input['params'] as Record<string, unknown> | undefined),
        ...(input['query'] !== undefined && { query: input['query'] as Record<string, QueryValue> }),
        ...(input['body'] !== undefined && { body: input['body'] }),
      },
      input as Partial<Extra>,
    );
  };
  return Object.fromEntries(
    (Object.keys(targets) as Names[]).map((name) => [
      name,
      (input?: Record<string, unknown>) => call(name, input),
    ]),
  ) as unknown as RouteClient<Names, Extra, Form>;
}
