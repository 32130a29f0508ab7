/**
 * Personal ranking types 1-7 (docs/game-rules.md, Ranking). Each metric is a pure function of one user's
 * rounds, given in play order (oldest first). Cancelled rounds are skipped by every metric; pending
 * rounds (not scorable yet) are skipped too, so they neither extend nor break a streak.
 */
import { formatBattingAverage, formatPercent, formatThousands, formatToPar } from './format';
import type { RankDirection } from './ranking';

export const personalRankingTypes = [1, 2, 3, 4, 5, 6, 7] as const;
export type PersonalRankingType = (typeof personalRankingTypes)[number];

/** One picked player in one of the user's rounds. */
export interface PickRecord {
  player_id: string;
  /** The player's real to-par for the round; null unless he completed it (a penalty is not his score). */
  to_par: number | null;
  /** Birdies and eagles he made in the round; counted only when he completed it. */
  birdies: number;
  eagles: number;
  /**
   * Whether the player made the cut, as the feed reports it (withdrawn or disqualified in a round up
   * to the cut = false); null when it does not apply or is not known yet (picks after the cut,
   * events without a cut, before the cut is made).
   */
  made_cut: boolean | null;
}

/** One of the user's rounds. */
export interface UserRoundRecord {
  /** 'scored': the round has a team score (provisional or final). */
  state: 'scored' | 'pending' | 'cancelled';
  /** The user had a team this round. Without one, `team_score` is 4 x the penalty and `picks` is empty. */
  has_team: boolean;
  /** The team's round score (see scoring.ts); used when `state` is 'scored'. */
  team_score: number;
  /** The round score ranked in the top 10% of that round's ranking (see `isTopTenPercent`). */
  top_ten_percent: boolean;
  picks: readonly PickRecord[];
}

function counted(rounds: readonly UserRoundRecord[]): UserRoundRecord[] {
  return rounds.filter((r) => r.state === 'scored');
}

/** Type 1, SCORE: the sum of the team round scores (no-team rounds included); null with no scored round. */
export function scoreMetric(rounds: readonly UserRoundRecord[]): number | null {
  const scored = counted(rounds);
  return scored.length === 0 ? null : scored.reduce((sum, r) => sum + r.team_score, 0);
}

function longestStreak(rounds: readonly UserRoundRecord[], hit: (r: UserRoundRecord) => boolean): number {
  let best = 0;
  let current = 0;
  for (const round of counted(rounds)) {
    current = round.has_team && hit(round) ? current + 1 : 0;
    if (current > best) best = current;
  }
  return best;
}

/** Type 2: the longest run of consecutive rounds with the user's team under par (score < 0). A round without a team breaks the run. */
export function underParStreak(rounds: readonly UserRoundRecord[]): number {
  return longestStreak(rounds, (r) => r.team_score < 0);
}

/** Type 3: the longest run of consecutive rounds with the team in the round's top 10%. */
export function topTenPercentStreak(rounds: readonly UserRoundRecord[]): number {
  return longestStreak(rounds, (r) => r.top_ten_percent);
}

function sumPicks(rounds: readonly UserRoundRecord[], value: (p: PickRecord) => number): number {
  let total = 0;
  for (const round of counted(rounds)) {
    for (const pick of round.picks) if (pick.to_par !== null) total += value(pick);
  }
  return total;
}

/** Type 4: birdies made by the user's picked players in the rounds they completed. */
export function birdieCount(rounds: readonly UserRoundRecord[]): number {
  return sumPicks(rounds, (p) => p.birdies);
}

/** Type 5: eagles made by the user's picked players in the rounds they completed. */
export function eagleCount(rounds: readonly UserRoundRecord[]): number {
  return sumPicks(rounds, (p) => p.eagles);
}

/**
 * Type 6, batting average: under-par player-rounds / picked player-rounds, over scored rounds. A pick
 * who did not complete the round counts as a miss. Null with no picks. Equal fractions give equal
 * numbers (IEEE division is correctly rounded), so ties are exact.
 */
export function battingAverage(rounds: readonly UserRoundRecord[]): number | null {
  let picks = 0;
  let hits = 0;
  for (const round of counted(rounds)) {
    for (const pick of round.picks) {
      picks++;
      if (pick.to_par !== null && pick.to_par < 0) hits++;
    }
  }
  return picks === 0 ? null : hits / picks;
}

/** Type 7, success rate: picks that made the cut / picks whose cut outcome is known. Null with none. */
export function successRate(rounds: readonly UserRoundRecord[]): number | null {
  let known = 0;
  let made = 0;
  for (const round of counted(rounds)) {
    for (const pick of round.picks) {
      if (pick.made_cut === null) continue;
      known++;
      if (pick.made_cut) made++;
    }
  }
  return known === 0 ? null : made / known;
}

/** Whether the user had a team in at least one scored round: without one, types 2-7 measure nothing. */
function playedAnyRound(rounds: readonly UserRoundRecord[]): boolean {
  return counted(rounds).some((r) => r.has_team);
}

/**
 * The metric of `type` for one user; null = the user is not ranked in that type. A user with no
 * measured value (no team in a scored round; for 6 and 7 no pick that counts) is left out, so a
 * zero or a 100% never stands for "nothing to measure".
 */
export function personalMetric(type: PersonalRankingType, rounds: readonly UserRoundRecord[]): number | null {
  if (type !== 1 && !playedAnyRound(rounds)) return null;
  switch (type) {
    case 1:
      return scoreMetric(rounds);
    case 2:
      return underParStreak(rounds);
    case 3:
      return topTenPercentStreak(rounds);
    case 4:
      return birdieCount(rounds);
    case 5:
      return eagleCount(rounds);
    case 6:
      return battingAverage(rounds);
    case 7:
      return successRate(rounds);
  }
}

/** SCORE ranks lower-is-better; every other type higher-is-better. */
export function personalRankingDirection(type: PersonalRankingType): RankDirection {
  return type === 1 ? 'lower' : 'higher';
}

/** Japanese name of each ranking type (menus, headings). */
export const personalRankingLabels: Record<PersonalRankingType, string> = {
  1: 'スコア',
  2: 'アンダーパー連続回数',
  3: '上位10%連続回数',
  4: 'バーディー数',
  5: 'イーグル数',
  6: '打率',
  7: '予選通過成功率',
};

/**
 * The value column's title on the ranking search (product spec section 9): types 2 and 3 連続回数,
 * 4 and 5 回数, 6 打率, 7 成功率, any other type SCORE.
 */
export function personalRankingTitle(type: number): string {
  switch (type) {
    case 2:
    case 3:
      return '連続回数';
    case 4:
    case 5:
      return '回数';
    case 6:
      return '打率';
    case 7:
      return '成功率';
    default:
      return 'SCORE';
  }
}

/** A value as the ranking shows it (product spec section 9): to-par, 打率 .xxx, percent, or a count. */
export function personalRankingDisplay(type: PersonalRankingType, value: number): string {
  switch (type) {
    case 1:
      return formatToPar(value);
    case 6:
      return formatBattingAverage(value);
    case 7:
      return formatPercent(value);
    default:
      return formatThousands(value);
  }
}
