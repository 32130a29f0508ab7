/**
 * Scoring (docs/game-rules.md, Scoring). Scores are strokes to par; lower is better.
 *
 * - A player keeps his real to-par for every round he completed before his status changed.
 * - A round he did not complete because he withdrew (WD, including did not start) or missed the cut
 *   scores the round's penalty: the field's worst to-par + 1, where the field's worst is taken over the
 *   players who completed that round and were not disqualified in it.
 * - Disqualification voids the round it happens in: a player disqualified in round r scores the
 *   penalty for round r even if he finished it (a wrong scorecard arrives with thru 18), and that
 *   round leaves the set that decides the field's worst. Rows carry the status that applies to their
 *   round (shared/src/game/player-status.ts), so a DQ row is always the DQ round or a later one.
 * - The missed cut is an explicit status from the feed, never inferred from missing rounds.
 * - A picked player with no result and no status leaves the team's round pending: it has no score yet
 *   and the round cannot be marked final.
 * - A team's round score is the sum over its 4 players; no team scores 4 x the penalty.
 * - A cancelled round counts for nobody; a tournament score is the sum of its other rounds.
 */
import type { FieldEntryRecord } from '../schedule/tournament-record';
import type { PlayerStatus, RoundNumber, RoundStatus } from '../schemas/schedule';
import { statusForRound } from './player-status';

const TEAM_SIZE = 4;

/** One player's result in one round, as scoring needs it. */
export interface PlayerRoundResult {
  player_id: string;
  round: RoundNumber;
  /** Strokes to par for the round; meaningful when `completed`. */
  to_par: number | null;
  strokes: number | null;
  birdies: number;
  eagles: number;
  /**
   * The status that applies to this round: 'cut' = missed the cut, 'wd' = withdrew (or did not
   * start), 'dq' = disqualified in this round or an earlier one.
   */
  status: PlayerStatus;
  /** The player finished all 18 holes of this round. */
  completed: boolean;
}

/**
 * True when the row is a finished round with a to-par that stands: it scores its real to-par and
 * counts for the field's worst. A disqualified round never stands, finished or not.
 */
function isCompletedRound(result: PlayerRoundResult): result is PlayerRoundResult & { to_par: number } {
  return result.completed && result.to_par !== null && result.status !== 'dq';
}

/**
 * The field's worst (highest) to-par of one round over the players who completed it; null while
 * nobody has. Pass the rows of a single round.
 */
export function fieldWorstToPar(results: Iterable<PlayerRoundResult>): number | null {
  let worst: number | null = null;
  for (const result of results) {
    if (isCompletedRound(result) && (worst === null || result.to_par > worst)) worst = result.to_par;
  }
  return worst;
}

/** The penalty of a round: the field's worst to-par + 1 (null while nobody has completed the round). */
export function penaltyForRound(results: Iterable<PlayerRoundResult>): number | null {
  const worst = fieldWorstToPar(results);
  return worst === null ? null : worst + 1;
}

type PenaltyReason = 'cut' | 'wd' | 'dq';

/** One picked player's score in a round. */
export type PlayerRoundScore =
  | { kind: 'real'; to_par: number }
  | { kind: 'penalty'; to_par: number; reason: PenaltyReason }
  | { kind: 'pending' };

/**
 * A player's score for a round given his row (undefined = no result) and the round's penalty.
 * Completed round -> real to-par. Not completed with status cut/wd/dq -> the penalty. Otherwise
 * (no row, or still playing / not started with status 'active') -> pending.
 */
export function playerRoundScore(
  result: PlayerRoundResult | undefined,
  penalty: number | null,
): PlayerRoundScore {
  if (result === undefined) return { kind: 'pending' };
  if (isCompletedRound(result)) return { kind: 'real', to_par: result.to_par };
  if (result.status === 'active' || penalty === null) return { kind: 'pending' };
  return { kind: 'penalty', to_par: penalty, reason: result.status };
}

/** One round's results indexed once, so scoring many teams is O(1) per pick. */
export interface IndexedRound {
  readonly status: RoundStatus;
  readonly byPlayer: ReadonlyMap<string, PlayerRoundResult>;
  readonly worstToPar: number | null;
  readonly penalty: number | null;
}

/**
 * Indexes the rows of one round. Throws RangeError when rows belong to different rounds or a player
 * appears twice (the feed must give one row per player and round).
 */
export function indexRound(results: readonly PlayerRoundResult[], status: RoundStatus): IndexedRound {
  const byPlayer = new Map<string, PlayerRoundResult>();
  const round = results[0]?.round;
  for (const result of results) {
    if (result.round !== round) throw new RangeError('indexRound: rows from more than one round');
    if (byPlayer.has(result.player_id))
      throw new RangeError(`indexRound: duplicate row for ${result.player_id}`);
    byPlayer.set(result.player_id, result);
  }
  const worstToPar = fieldWorstToPar(results);
  return { status, byPlayer, worstToPar, penalty: worstToPar === null ? null : worstToPar + 1 };
}

/** A team's score for one round. */
export type TeamRoundScore =
  /** `provisional` until operators mark the round final. */
  | { kind: 'scored'; score: number; provisional: boolean }
  /**
   * Not scorable yet: `missing` lists picked players without a result or status (or still playing),
   * and players whose penalty is not known yet because nobody has completed the round.
   */
  | { kind: 'pending'; missing: string[] }
  /** The round was cancelled: it counts for nobody. */
  | { kind: 'cancelled' };

/** Throws RangeError unless `team` is exactly 4 distinct, non-empty player ids. */
export function assertTeam(team: readonly string[]): void {
  if (team.length !== TEAM_SIZE) throw new RangeError(`a team has ${TEAM_SIZE} players, got ${team.length}`);
  if (new Set(team).size !== TEAM_SIZE) throw new RangeError('a team has 4 distinct players');
  if (team.some((id) => id === '')) throw new RangeError('empty player id');
}

/**
 * The round score of a user without a team: 4 x the round's penalty, as if each slot held a player
 * who did not finish (docs/game-rules.md, チームを作らなかったラウンド). Every reader of a no-team round
 * (this module's team scores, the rankings' round records) takes it from here.
 */
export function noTeamScore(penalty: number): number {
  return TEAM_SIZE * penalty;
}

/** The team's round score: the sum of its 4 players' scores; `null` team (no team) = `noTeamScore`. */
export function teamRoundScore(team: readonly string[] | null, round: IndexedRound): TeamRoundScore {
  if (round.status === 'cancelled') return { kind: 'cancelled' };
  const provisional = round.status !== 'final';
  if (team === null) {
    return round.penalty === null
      ? { kind: 'pending', missing: [] }
      : { kind: 'scored', score: noTeamScore(round.penalty), provisional };
  }
  assertTeam(team);
  let score = 0;
  let missing: string[] | null = null;
  for (const playerId of team) {
    const s = playerRoundScore(round.byPlayer.get(playerId), round.penalty);
    if (s.kind === 'pending') (missing ??= []).push(playerId);
    else score += s.to_par;
  }
  return missing ? { kind: 'pending', missing } : { kind: 'scored', score, provisional };
}

export interface TournamentScore {
  /** Sum of the scored, non-cancelled rounds. */
  score: number;
  /** True while any counted round is provisional or any round is still pending. */
  provisional: boolean;
  scoredRounds: number;
  pendingRounds: number;
  cancelledRounds: number;
}

/**
 * A team's tournament score: the sum of its round scores, cancelled rounds left out. Pass the rounds
 * whose deadline has passed; pending rounds add nothing yet and keep the total provisional.
 */
export function tournamentScore(rounds: readonly TeamRoundScore[]): TournamentScore {
  const total: TournamentScore = {
    score: 0,
    provisional: false,
    scoredRounds: 0,
    pendingRounds: 0,
    cancelledRounds: 0,
  };
  for (const round of rounds) {
    if (round.kind === 'cancelled') total.cancelledRounds++;
    else if (round.kind === 'pending') {
      total.pendingRounds++;
      total.provisional = true;
    } else {
      total.scoredRounds++;
      total.score += round.score;
      if (round.provisional) total.provisional = true;
    }
  }
  return total;
}

/**
 * Whether operators may mark a round final: every picked player (over all teams of the round) must
 * have a result or a status, and the penalty must be known if anyone needs it.
 */
export function finalBlockers(pickedPlayerIds: Iterable<string>, round: IndexedRound): string[] {
  const blockers = new Set<string>();
  for (const playerId of pickedPlayerIds) {
    if (playerRoundScore(round.byPlayer.get(playerId), round.penalty).kind === 'pending')
      blockers.add(playerId);
  }
  return [...blockers].sort();
}

/**
 * Adapts a stored field entry (status log + per-round results) to the round row scoring uses, with
 * the status that applies to that round. Returns null when the feed has nothing for that round and
 * the player is 'active' in it (the player is missing from the results: pending, never a withdrawal).
 */
export function resultFromFieldEntry(entry: FieldEntryRecord, round: RoundNumber): PlayerRoundResult | null {
  const stored = entry.rounds[round - 1] ?? null;
  const status = statusForRound(entry, round);
  if (stored === null && status === 'active') return null;
  return {
    player_id: entry.player_id,
    round,
    to_par: stored?.to_par ?? null,
    strokes: stored?.strokes ?? null,
    birdies: stored?.birdies ?? 0,
    eagles: stored?.eagles ?? 0,
    status,
    completed: stored?.completed ?? false,
  };
}
