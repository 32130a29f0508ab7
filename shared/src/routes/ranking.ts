import type { RouteDefinition } from '../contracts';
import {
  ownRankingQuerySchema,
  ownRankingResponseSchema,
  personalRankingQuerySchema,
  rankingPageResponseSchema,
  rankingStatusQuerySchema,
  rankingStatusResponseSchema,
  recomputeRankingsBodySchema,
  recomputeRankingsResponseSchema,
  roundRankingQuerySchema,
  yearlyRankingQuerySchema,
} from '../schemas/ranking';
import {
  partitions,
  rankingReads,
  rankingViewReads,
  sessionReads,
  tournamentReads,
} from '../route-partitions';

/** Views of the rankings. */
const rankingViewKeys = {
  read: rankingViewReads,
  index: ['GUILDS#PUBLIC', 'GUILD_CODE#', 'TOURNAMENTS'],
} as const;

/** A public board of a round, the same for everyone: the CDN keeps each page 30 s. */
const publicRoundBoard = {
  access: 'public',
  query: roundRankingQuerySchema,
  response: rankingPageResponseSchema,
  aws: { table: 'read', keys: rankingViewKeys },
  cacheSeconds: 30,
} as const;

export const getPersonalRankingRoute = {
  name: 'getPersonalRanking',
  method: 'GET',
  path: '/api/golf/ranking',
  handler: 'ranking/get-personal-ranking',
  access: 'public',
  query: personalRankingQuerySchema,
  response: rankingPageResponseSchema,
  aws: { table: 'read', keys: rankingViewKeys },
  cacheSeconds: 30,
} as const satisfies RouteDefinition;

export const getOwnRankingRoute = {
  name: 'getOwnRanking',
  method: 'GET',
  path: '/api/golf/ranking/user',
  handler: 'ranking/get-own-ranking',
  access: 'user',
  query: ownRankingQuerySchema,
  response: ownRankingResponseSchema,
  aws: { table: 'read', keys: rankingViewKeys },
} as const satisfies RouteDefinition;

export const getGuildRankingRoute = {
  name: 'getGuildRanking',
  method: 'GET',
  path: '/api/golf/ranking/guild',
  handler: 'ranking/get-guild-ranking',
  ...publicRoundBoard,
} as const satisfies RouteDefinition;

export const getGuildTop4RankingRoute = {
  name: 'getGuildTop4Ranking',
  method: 'GET',
  path: '/api/golf/ranking/guild_top4',
  handler: 'ranking/get-guild-top4-ranking',
  ...publicRoundBoard,
} as const satisfies RouteDefinition;

export const getGuildMemberRankingRoute = {
  name: 'getGuildMemberRanking',
  method: 'GET',
  path: '/api/golf/ranking/guild_member',
  handler: 'ranking/get-guild-member-ranking',
  access: 'user',
  query: roundRankingQuerySchema,
  response: rankingPageResponseSchema,
  aws: { table: 'read', keys: rankingViewKeys },
} as const satisfies RouteDefinition;

export const getYearlyRankingRoute = {
  name: 'getYearlyRanking',
  method: 'GET',
  path: '/api/golf/ranking/yearly',
  handler: 'ranking/get-yearly-ranking',
  access: 'public',
  query: yearlyRankingQuerySchema,
  response: rankingPageResponseSchema,
  aws: { table: 'read', keys: rankingViewKeys },
  cacheSeconds: 30,
} as const satisfies RouteDefinition;

export const getOwnYearlyRankingRoute = {
  name: 'getOwnYearlyRanking',
  method: 'GET',
  path: '/api/golf/ranking/yearly_personal',
  handler: 'ranking/get-own-yearly-ranking',
  access: 'user',
  response: ownRankingResponseSchema,
  aws: { table: 'read', keys: rankingViewKeys },
} as const satisfies RouteDefinition;

export const getQuizRankingRoute = {
  name: 'getQuizRanking',
  method: 'GET',
  path: '/api/golf/ranking/quiz',
  handler: 'ranking/get-quiz-ranking',
  ...publicRoundBoard,
} as const satisfies RouteDefinition;

export const getOwnQuizRankingRoute = {
  name: 'getOwnQuizRanking',
  method: 'GET',
  path: '/api/golf/ranking/user_quiz',
  handler: 'ranking/get-own-quiz-ranking',
  access: 'user',
  query: ownRankingQuerySchema,
  response: ownRankingResponseSchema,
  aws: { table: 'read', keys: rankingViewKeys },
} as const satisfies RouteDefinition;

export const recomputeRankingsRoute = {
  name: 'recomputeRankings',
  method: 'POST',
  path: '/api/golf/ops/rankings/recompute',
  handler: 'ranking/recompute-rankings',
  access: 'operator',
  body: recomputeRankingsBodySchema,
  response: recomputeRankingsResponseSchema,
  aws: {
    table: 'write',
    startsRankingJob: true,
    keys: {
      read: ['AUDIT#', 'LOGIN#', 'PLAYER#', 'RANKLEASE', 'REVOKED#', 'ROUNDLOCK#', 'TOURNAMENT#', 'USER#'],
      write: ['RANKSTALE'],
      index: ['TOURNAMENTS'],
    },
  },
} as const satisfies RouteDefinition;

/** The rankings' status: the rankings and whether they are stale. */
const rankingStatusReads = partitions(sessionReads, tournamentReads, rankingReads, ['PLAYER#', 'RANKSTALE']);

export const getRankingStatusRoute = {
  name: 'getRankingStatus',
  method: 'GET',
  path: '/api/golf/ops/rankings/status',
  handler: 'ranking/get-ranking-status',
  access: 'operator',
  query: rankingStatusQuerySchema,
  response: rankingStatusResponseSchema,
  aws: {
    table: 'read',
    keys: {
      read: rankingStatusReads,
      index: ['TOURNAMENTS'],
    },
  },
} as const satisfies RouteDefinition;

/** Rankings (docs/api.md, section Rankings): reads of precomputed snapshots, and the recompute. */
export const rankingRoutes = {
  getPersonalRanking: getPersonalRankingRoute,
  getOwnRanking: getOwnRankingRoute,
  getGuildRanking: getGuildRankingRoute,
  getGuildTop4Ranking: getGuildTop4RankingRoute,
  getGuildMemberRanking: getGuildMemberRankingRoute,
  getYearlyRanking: getYearlyRankingRoute,
  getOwnYearlyRanking: getOwnYearlyRankingRoute,
  getQuizRanking: getQuizRankingRoute,
  getOwnQuizRanking: getOwnQuizRankingRoute,
  recomputeRankings: recomputeRankingsRoute,
  getRankingStatus: getRankingStatusRoute,
} as const satisfies Record<string, RouteDefinition>;
