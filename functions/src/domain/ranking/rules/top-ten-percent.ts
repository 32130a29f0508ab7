/**
 * A round's top 10% (docs/game-rules.md, Ranking; the type 3 streak counts it): among the users scored in the
 * round, those whose shared rank by round score (lower is better, 1, 1, 3 on ties) is within the
 * first tenth of them (`isTopTenPercent`). Pure.
 */
import { competitionRanking, isTopTenPercent } from '@golf/shared/game/ranking';

/** flags[i]: whether `scores[i]`, one of the round's scored users' scores, is in its top 10%. */
export function topTenPercent(scores: ArrayLike<number>): boolean[] {
  const ranking = competitionRanking(scores, 'lower');
  const flags = new Array<boolean>(scores.length).fill(false);
  for (let p = 0; p < ranking.order.length; p++)
    flags[ranking.order[p]!] = isTopTenPercent(ranking.rankAt[p]!, scores.length);
  return flags;
}
