import type { RouteDefinition } from '../contracts';

/** Rankings (docs/api.md, section Rankings): reads of precomputed snapshots, and the recompute. */
export const rankingRoutes = {
  getPersonalRanking: {
    method: 'GET',
    path: '/api/golf/ranking',
    handler: 'ranking/get-personal-ranking',
    access: 'public',
    cacheSeconds: 30,
  },
  getOwnRanking: {
    method: 'GET',
    path: '/api/golf/ranking/user',
    handler: 'ranking/get-own-ranking',
    access: 'user',
  },
  recomputeRankings: {
    method: 'POST',
    path: '/api/golf/ops/rankings/recompute',
    handler: 'ranking/recompute-rankings',
    access: 'operator',
  },
} as const satisfies Record<string, RouteDefinition>;
