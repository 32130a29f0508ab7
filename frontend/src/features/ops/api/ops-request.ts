import type { ZodType } from 'zod';
import { routes, type RouteName } from '@golf/shared/contracts';
import { apiRequest, type QueryValue } from '../../../lib/api-client';

/**
 * An operator call by its route row (shared/src/routes/*.ts): the console uses the same calls as
 * `npm run ops`, so every action is checked and audited by the API, and no path is typed twice.
 */
export function opsRequest<T>(
  name: RouteName,
  options: {
    params?: Record<string, string>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    schema?: ZodType<T>;
    signal?: AbortSignal;
  } = {},
): Promise<T> {
  const route = routes[name];
  const path = route.path.replace(/\{(\w+)\}/g, (_, key: string) =>
    encodeURIComponent(options.params?.[key] ?? ''),
  );
  return apiRequest<T>(path, {
    method: route.method,
    ...(options.query && { query: options.query }),
    ...(options.body !== undefined && { body: options.body }),
    ...(options.schema && { schema: options.schema }),
    ...(options.signal && { signal: options.signal }),
  });
}
