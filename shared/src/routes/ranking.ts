import type { RouteDefinition } from '../contracts';

export const rankingRoutes = {} as const satisfies Record<string, RouteDefinition>;
