import type { RouteDefinition } from '../contracts';

export const guildRoutes = {} as const satisfies Record<string, RouteDefinition>;
