import type { RouteDefinition } from '../contracts';
import { tournamentScoreQuerySchema, tournamentScoreSchema } from '../schemas/schedule';

export const getTournamentScoreRoute = {
  name: 'getTournamentScore',
  method: 'GET',
  path: '/api/golf/schedule/score',
  handler: 'schedule/get-tournament-score',
  access: 'public',
  query: tournamentScoreQuerySchema,
  response: tournamentScoreSchema,
  aws: {
    table: 'read',
    keys: {
      read: ['AUDIT#', 'LOGIN#', 'PLAYER#', 'REVOKED#', 'ROUNDLOCK#', 'TOURNAMENT#', 'USER#'],
      index: ['TOURNAMENTS'],
    },
  },
  cacheSeconds: 30,
} as const satisfies RouteDefinition;

export const scheduleRoutes = {
  getTournamentScore: getTournamentScoreRoute,
} as const satisfies Record<string, RouteDefinition>;
