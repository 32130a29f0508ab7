import type { RouteDefinition } from '../contracts';
import { gameClockSchema, tournamentScoreQuerySchema, tournamentScoreSchema } from '../schemas/schedule';

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

/** No cacheSeconds: an answer kept by a cache would tell a time already past. */
export const getGameClockRoute = {
  name: 'getGameClock',
  method: 'GET',
  path: '/api/golf/clock',
  handler: 'schedule/get-game-clock',
  access: 'public',
  response: gameClockSchema,
  aws: { table: 'none' },
} as const satisfies RouteDefinition;

export const scheduleRoutes = {
  getTournamentScore: getTournamentScoreRoute,
  getGameClock: getGameClockRoute,
} as const satisfies Record<string, RouteDefinition>;
