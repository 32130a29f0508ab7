/**
 * Prize order for rank prizes (docs/game-rules.md, Prizes and lottery). Ranks stay shared on ties; only prizes break
 * them, in this order:
 *   1. lower score (the round or tournament score the prize is for);
 *   2. better best single player: for a round prize, the best player round score of the team that
 *      round; for a tournament prize, the best tournament total among the 4 players of the team of
 *      the last non-cancelled round;
 *   3. more picked players under par (round prize: real round to-par < 0; tournament prize: the same
 *      4 players' tournament totals < 0);
 *   4. earlier last save of the team (a carried team's last save is its copy time);
 *   5. the seeded lottery key (see lottery.ts; passed in so this module stays browser-safe).
 * Prizes are decided from final results only.
 */
import { parseInstant } from './instant';
import type { IndexedRound } from './scoring';
import { playerRoundScore } from './scoring';

export interface PrizeCandidate {
  user_id: string;
  /** Round or tournament score; lower is better. */
  score: number;
  /** Best single player (lower is better); null when unknown or no team (ranks after any number). */
  best_player: number | null;
  under_par_count: number;
  /** ISO instant of the team's last save; null (no team) ranks after any instant. */
  last_saved_at: string | null;
  /** lotteryKey(seed, prizeId, userId). */
  lottery_key: string;
}

function compareNullableAsc(a: number | null, b: number | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A candidate as the tie-breaks before the lottery see it. */
export type RankedCandidate = Omit<PrizeCandidate, 'lottery_key'>;

/** The order of tie-breaks 1 to 4: 0 when only the lottery can part `a` and `b`. */
function compareBeforeLottery(a: RankedCandidate, b: RankedCandidate): number {
  return (
    compareNullableAsc(a.score, b.score) ||
    compareNullableAsc(a.best_player, b.best_player) ||
    b.under_par_count - a.under_par_count ||
    compareNullableAsc(
      a.last_saved_at === null ? null : parseInstant(a.last_saved_at),
      b.last_saved_at === null ? null : parseInstant(b.last_saved_at),
    )
  );
}

const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Total order of candidates for a prize: negative when `a` wins over `b`. */
export function comparePrizeCandidates(a: PrizeCandidate, b: PrizeCandidate): number {
  return (
    compareBeforeLottery(a, b) || compareIds(a.lottery_key, b.lottery_key) || compareIds(a.user_id, b.user_id)
  );
}

/** Candidates that only the lottery parts, taking the places `first_place` onwards. */
export interface LotteryTie {
  first_place: number;
  user_ids: string[];
}

/**
 * What a rank prize's places owe to the lottery: each place of `rank_from..rank_to` holds the user
 * the tie-breaks before the lottery put there, or null where candidates tied through all of them
 * share it; `ties` lists each such group (by user id) with the first place the group takes. The
 * lottery orders a group by `lotteryOrder(seed, prize id, its users)`.
 */
export function placesBeforeLottery(
  candidates: readonly RankedCandidate[],
  range: { rank_from: number; rank_to: number },
): { places: (string | null)[]; ties: LotteryTie[] } {
  const ordered = [...candidates].sort(
    (a, b) => compareBeforeLottery(a, b) || compareIds(a.user_id, b.user_id),
  );
  const places: (string | null)[] = [];
  const ties: LotteryTie[] = [];
  for (let start = 0; start < ordered.length && start < range.rank_to;) {
    let end = start + 1;
    while (end < ordered.length && compareBeforeLottery(ordered[start]!, ordered[end]!) === 0) end++;
    if (end > range.rank_from - 1) {
      const group = ordered.slice(start, end);
      if (group.length > 1) ties.push({ first_place: start + 1, user_ids: group.map((c) => c.user_id) });
      for (let place = Math.max(start + 1, range.rank_from); place <= Math.min(end, range.rank_to); place++)
        places.push(group.length > 1 ? null : group[0]!.user_id);
    }
    start = end;
  }
  return { places, ties };
}

/** Candidates in prize order (a sorted copy). */
export function orderPrizeCandidates(candidates: readonly PrizeCandidate[]): PrizeCandidate[] {
  return [...candidates].sort(comparePrizeCandidates);
}

export interface TieBreakStats {
  best_player: number | null;
  under_par_count: number;
}

/** Tie-break stats of a team for a round prize; best_player is null while any pick is pending. */
export function roundTieBreakStats(team: readonly string[] | null, round: IndexedRound): TieBreakStats {
  if (team === null) return { best_player: null, under_par_count: 0 };
  let best: number | null = null;
  let pending = false;
  let underPar = 0;
  for (const playerId of team) {
    const s = playerRoundScore(round.byPlayer.get(playerId), round.penalty);
    if (s.kind === 'pending') {
      pending = true;
      continue;
    }
    if (best === null || s.to_par < best) best = s.to_par;
    if (s.kind === 'real' && s.to_par < 0) underPar++;
  }
  return { best_player: pending ? null : best, under_par_count: underPar };
}

/**
 * Tie-break stats for a tournament prize from the team of the last non-cancelled round and each
 * player's tournament total to par (players without a total are skipped).
 */
export function tournamentTieBreakStats(
  finalRoundTeam: readonly string[] | null,
  playerTotals: ReadonlyMap<string, number>,
): TieBreakStats {
  let best: number | null = null;
  let underPar = 0;
  for (const playerId of finalRoundTeam ?? []) {
    const total = playerTotals.get(playerId);
    if (total === undefined) continue;
    if (best === null || total < best) best = total;
    if (total < 0) underPar++;
  }
  return { best_player: best, under_par_count: underPar };
}

export type PrizeDecision = { kind: 'not_final' } | { kind: 'decided'; winners: string[] };

/**
 * Winners of a rank prize covering positions rank_from..rank_to (1-based, inclusive) of the
 * tie-broken order: one winner per position. Refused while results are not final.
 */
export function decideRankPrize(
  candidates: readonly PrizeCandidate[],
  range: { rank_from: number; rank_to: number },
  final: boolean,
): PrizeDecision {
  if (!final) return { kind: 'not_final' };
  const { rank_from: from, rank_to: to } = range;
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 1 || to < from) {
    throw new RangeError(`bad rank range ${from}..${to}`);
  }
  const winners = orderPrizeCandidates(candidates)
    .slice(from - 1, to)
    .map((c) => c.user_id);
  return { kind: 'decided', winners };
}
