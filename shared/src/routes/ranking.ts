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
  getGuildRanking: {
    method: 'GET',
    path: '/api/golf/ranking/guild',
    handler: 'ranking/get-guild-ranking',
    access: 'public',
    cacheSeconds: 30,
  },
  getGuildTop4Ranking: {
    method: 'GET',
    path: '/api/golf/ranking/guild_top4',
    handler: 'ranking/get-guild-top4-ranking',
    access: 'public',
    cacheSeconds: 30,
  },
  getGuildMemberRanking: {
    method: 'GET',
    path: '/api/golf/ranking/guild_member',
    handler: 'ranking/get-guild-member-ranking',
    access: 'user',
  },
  getYearlyRanking: {
    method: 'GET',
    path: '/api/golf/ranking/yearly',
    handler: 'ranking/get-yearly-ranking',
    access: 'public',
    cacheSeconds: 30,
  },
  getOwnYearlyRanking: {
    method: 'GET',
    path: '/api/golf/ranking/yearly_personal',
    handler: 'ranking/get-own-yearly-ranking',
    access: 'user',
  },
  getQuizRanking: {
    method: 'GET',
    path: '/api/golf/ranking/quiz',
    handler: 'ranking/get-quiz-ranking',
    access: 'public',
    cacheSeconds: 30,
  },
  getOwnQuizRanking: {
    method: 'GET',
    path: '/api/golf/ranking/user_quiz',
    handler: 'ranking/get-own-quiz-ranking',
    access: 'user',
  },
  recomputeRankings: {
    method: 'POST',
    path: '/api/golf/ops/rankings/recompute',
    handler: 'ranking/recompute-rankings',
    access: 'operator',
  },
} as const satisfies Record<string, RouteDefinition>;
