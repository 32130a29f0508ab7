/**
 * The ranking screens' search parameters. They are read in the first bundle, so they are built from
 * the zod-free readers of `lib/search-params`; `ranking-search.test.ts` holds each one to the API's
 * query schema it feeds (`shared/src/schemas/ranking.ts`): every value the API accepts is read as the
 * API reads it, and anything else falls back to what a missing value gives.
 */
import {
  integerOr,
  oneOfOr,
  optionalInteger,
  optionalRound,
  optionalText,
  pageNumber,
  pageSearch,
} from '@/lib/search-params';

/**
 * `/ranking/golf/personal`: the tournament (absent: the standings' default one), the round, one of the
 * 7 boards, a page or the page of a rank.
 */
export const personalRankingSearch = pageSearch({
  game_global_id: optionalText(64, 1),
  round: optionalRound(),
  type: integerOr(1, 1, 7),
  page: pageNumber(),
  rank: optionalInteger(1),
});

/** `/ranking/golf_q`: the quiz ranking of a round. */
export const quizRankingSearch = pageSearch({
  round: optionalRound(),
  page: pageNumber(),
  rank: optionalInteger(1),
});

/** `/ranking/guild`: the tab (all guilds, the total, my guild's members), the round and the page. */
const guildRankingTabs = ['all', 'total', 'member'] as const;
export const guildRankingSearch = pageSearch({
  tab: oneOfOr(guildRankingTabs, 'all'),
  round: optionalRound(),
  page: pageNumber(),
});

/** `/ranking/yearly`: a page or the page of a rank. */
export const yearlyRankingSearch = pageSearch({
  page: pageNumber(),
  rank: optionalInteger(1),
});
