import type { RouteDefinition } from '../contracts';

/** Tournaments, fields, teams and picks, results import (docs/api.md). */
export const gameRoutes = {} as const satisfies Record<string, RouteDefinition>;
