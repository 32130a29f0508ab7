import type { RouteDefinition } from '../contracts';

/** Registration, sign-in, profile, settings and withdrawal (docs/api.md). */
export const accountRoutes = {} as const satisfies Record<string, RouteDefinition>;
