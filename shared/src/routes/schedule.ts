import { joinKeys, keyParts } from '../aws-access';
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
    keys: joinKeys(keyParts.signedIn, keyParts.tournaments, { read: ['PLAYER#'] }),
  },
  cacheSeconds: 30,
} as const satisfies RouteDefinition;

export const scheduleRoutes = {
  getTournamentScore: getTournamentScoreRoute,
} as const satisfies Record<string, RouteDefinition>;
