/**
 * AI selection (docs/game-rules.md, AI selection): three deterministic formulas over player stats. Each gives a
 * value in strokes to par per round where LOWER IS BETTER; a team is the 4 best values among the
 * eligible players, ties broken by player id (code-unit order). Values are rounded to 6 decimals
 * before comparing, so mathematically equal values tie even if float noise differs.
 *
 * Inputs (missing or non-finite stats fall back as listed):
 *   R = recent form: weighted mean of the last up-to-5 round to-pars, most recent first, weights 5,4,3,2,1
 *   S = season average to-par per round
 *   F = R if known, else S, else UNKNOWN_TO_PAR;   A = S if known, else R, else UNKNOWN_TO_PAR
 *   sd = season standard deviation of round to-par; else the sample standard deviation of the recent
 *        rounds (2 or more); else DEFAULT_SD
 *   B = birdies per round; else DEFAULT_BIRDIE_RATE
 *
 *   condition (recent form)    = 0.7 x F + 0.3 x A
 *   stability (low variance)   = A + sd                       (a bad day's score: average plus one sd)
 *   chance    (high upside)    = A - sd - 0.5 x (B - DEFAULT_BIRDIE_RATE)   (a good day's score)
 */

export type AiMode = 'condition' | 'stability' | 'chance';

export const aiModeLabels: Record<AiMode, string> = {
  condition: 'コンディション重視',
  stability: '安定感重視',
  chance: 'チャンス重視',
};

/** Stats of one player, as the advanced mode shows them. Null = not known. */
export interface PlayerStats {
  player_id: string;
  /** Official world golf ranking; the feed's 1000 marks an amateur. */
  world_rank: number | null;
  /** Season average strokes to par per round. */
  season_avg_to_par: number | null;
  /** Last up to 5 round results to par, most recent first. */
  recent_to_par: readonly number[];
  /** Season standard deviation of round to-par. */
  to_par_stddev: number | null;
  /** Birdies (or better) per round. */
  birdie_rate: number | null;
  /** Top-10 finishes this season. */
  top10_count: number | null;
  /** Yards. */
  driving_distance: number | null;
  /** Percentages 0-100. */
  fairway_pct: number | null;
  gir_pct: number | null;
  putts_per_round: number | null;
  scrambling_pct: number | null;
}

/** Assumed to-par of a player with no scoring data: worse than a typical tour round. */
export const UNKNOWN_TO_PAR = 3;
const DEFAULT_SD = 3;
const DEFAULT_BIRDIE_RATE = 3.5;
const RECENT_WEIGHTS = [5, 4, 3, 2, 1] as const;

const known = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

function recentForm(recent: readonly number[]): number | null {
  let sum = 0;
  let weights = 0;
  for (let i = 0; i < RECENT_WEIGHTS.length && i < recent.length; i++) {
    const value = recent[i];
    if (!known(value)) continue;
    sum += RECENT_WEIGHTS[i]! * value;
    weights += RECENT_WEIGHTS[i]!;
  }
  return weights === 0 ? null : sum / weights;
}

function sampleSd(recent: readonly number[]): number | null {
  const values = recent.slice(0, RECENT_WEIGHTS.length).filter(known);
  if (values.length < 2) return null;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const squares = values.reduce((a, b) => a + (b - mean) * (b - mean), 0);
  return Math.sqrt(squares / (values.length - 1));
}

/** The mode's value for one player (lower is better), rounded to 6 decimals. */
export function aiScore(mode: AiMode, stats: PlayerStats): number {
  const r = recentForm(stats.recent_to_par);
  const s = known(stats.season_avg_to_par) ? stats.season_avg_to_par : null;
  const form = r ?? s ?? UNKNOWN_TO_PAR;
  const average = s ?? r ?? UNKNOWN_TO_PAR;
  const sd = known(stats.to_par_stddev) ? stats.to_par_stddev : (sampleSd(stats.recent_to_par) ?? DEFAULT_SD);
  const birdies = known(stats.birdie_rate) ? stats.birdie_rate : DEFAULT_BIRDIE_RATE;
  let value: number;
  switch (mode) {
    case 'condition':
      value = 0.7 * form + 0.3 * average;
      break;
    case 'stability':
      value = average + sd;
      break;
    case 'chance':
      value = average - sd - 0.5 * (birdies - DEFAULT_BIRDIE_RATE);
      break;
  }
  return Math.round(value * 1e6) / 1e6;
}

/** Distinct players ordered best first for `mode` (ties by player id). */
export function rankPlayers(mode: AiMode, players: readonly PlayerStats[]): string[] {
  const seen = new Set<string>();
  const scored: { id: string; value: number }[] = [];
  for (const player of players) {
    if (seen.has(player.player_id)) continue;
    seen.add(player.player_id);
    scored.push({ id: player.player_id, value: aiScore(mode, player) });
  }
  scored.sort((a, b) => a.value - b.value || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return scored.map((p) => p.id);
}

/**
 * The mode's team: the 4 best of `eligiblePlayers` not in `excludeIds`, best first. Pass only the
 * players the server holds eligible for the round. Throws RangeError when fewer than 4 remain.
 */
export function pickTeam(
  mode: AiMode,
  eligiblePlayers: readonly PlayerStats[],
  excludeIds: Iterable<string> = [],
): string[] {
  const excluded = new Set(excludeIds);
  const team = rankPlayers(mode, eligiblePlayers)
    .filter((id) => !excluded.has(id))
    .slice(0, 4);
  if (team.length < 4) throw new RangeError('fewer than 4 eligible players');
  return team;
}

/**
 * Replaces every player of `team` who is not among `eligiblePlayers`, slot by slot in slot order,
 * with the best remaining player for `mode` who is not already on the team. Eligible players keep
 * their slots; a team with no ineligible player comes back unchanged (so it is idempotent).
 * Throws RangeError when the field cannot fill the team.
 */
export function replaceIneligible(
  team: readonly string[],
  eligiblePlayers: readonly PlayerStats[],
  mode: AiMode = 'condition',
): string[] {
  const eligible = new Set(eligiblePlayers.map((p) => p.player_id));
  if (team.every((id) => eligible.has(id))) return [...team];
  const taken = new Set(team);
  const candidates = rankPlayers(mode, eligiblePlayers).filter((id) => !taken.has(id));
  let next = 0;
  return team.map((id) => {
    if (eligible.has(id)) return id;
    const replacement = candidates[next++];
    if (replacement === undefined) throw new RangeError('not enough eligible players to replace');
    return replacement;
  });
}
