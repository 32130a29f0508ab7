import type { RouteDefinition } from '../contracts';

export const scheduleRoutes = {
  getTournamentScore: {
    method: 'GET',
    path: '/api/golf/schedule/score',
    handler: 'schedule/get-tournament-score',
    access: 'public',
    aws: { table: 'read' },
    cacheSeconds: 30,
  },
} as const satisfies Record<string, RouteDefinition>;
