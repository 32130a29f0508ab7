import { queryOptions } from '@tanstack/react-query';
import { rankingScreenPerPage } from '@golf/shared/schemas/values/ranking';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export interface PersonalRankingParams {
  game_global_id?: string | undefined;
  round?: number | undefined;
  type: number;
  page: number;
  rank?: number | undefined;
}

/** A page of the personal ranking; `rank` asks for the page that holds it. */
export const personalRankingQueryOptions = (params: PersonalRankingParams) =>
  queryOptions({
    queryKey: queryKeys.ranking.personal(params),
    queryFn: ({ signal }) =>
      api.getPersonalRanking({
        query: {
          game_global_id: params.game_global_id,
          type: params.type,
          round: params.round,
          perPage: rankingScreenPerPage,
          ...(params.rank ? { rank: params.rank } : { page: params.page }),
        },
        signal,
      }),
    staleTime: 30_000,
  });

/** The signed-in player's own rows (all 7 types) for a round of a tournament (default: the shown one). */
export const ownRankingQueryOptions = (round: number | undefined, gameGlobalId?: string) =>
  queryOptions({
    queryKey: queryKeys.ranking.own(round, gameGlobalId),
    queryFn: ({ signal }) => api.getOwnRanking({ query: { round, game_global_id: gameGlobalId }, signal }),
    staleTime: 30_000,
  });

export type GuildRankingTab = 'all' | 'total' | 'member';

/** The spec's guild ranking types: all = guild, total = guild_top4, anything else = guild_member. */
const guildRankingCall = {
  all: 'getGuildRanking',
  total: 'getGuildTop4Ranking',
  member: 'getGuildMemberRanking',
} as const satisfies Record<GuildRankingTab, string>;

export const guildRankingQueryOptions = (tab: GuildRankingTab, round: number | undefined, page: number) =>
  queryOptions({
    queryKey: queryKeys.ranking.guild(tab, round, page),
    queryFn: ({ signal }) => api[guildRankingCall[tab]]({ query: { round, page }, signal }),
    staleTime: 30_000,
  });

export const yearlyRankingQueryOptions = (page: number, rank: number | undefined) =>
  queryOptions({
    queryKey: queryKeys.ranking.yearly(page, rank),
    queryFn: ({ signal }) =>
      api.getYearlyRanking({
        query: { perPage: rankingScreenPerPage, ...(rank ? { rank } : { page }) },
        signal,
      }),
    staleTime: 30_000,
  });

export const ownYearlyRankingQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.ranking.yearlyOwn,
    queryFn: ({ signal }) => api.getOwnYearlyRanking({ signal }),
    staleTime: 30_000,
  });

/** A round's quiz ranking (100 a page, the server's default), or the page holding `rank`. */
export const quizRankingQueryOptions = (round: number | undefined, page: number, rank: number | undefined) =>
  queryOptions({
    queryKey: queryKeys.ranking.quiz(round, page, rank),
    queryFn: ({ signal }) =>
      api.getQuizRanking({ query: { round, ...(rank ? { rank } : { page }) }, signal }),
    staleTime: 30_000,
  });

export const ownQuizRankingQueryOptions = (round: number | undefined) =>
  queryOptions({
    queryKey: queryKeys.ranking.quizOwn(round),
    queryFn: ({ signal }) => api.getOwnQuizRanking({ query: { round }, signal }),
    staleTime: 30_000,
  });
