/**
 * A round while it is played (after its deadline, before operators mark it final): the field's
 * projected cut line and a team's provisional score from the players' live to-par. Pure, so the
 * browser computes a player's own figures from one public answer and the team it already holds, and
 * the server never reads a team per request. His rank is the published ranking's (docs/game-rules.md).
 */
import type { PlayerStatus } from '../schemas/schedule';

/** The cut: after round `after_round` (0 = the tournament has no cut), the best `top` and ties stay. */
export interface CutRule {
  after_round: number;
  top: number;
}

/** Top 60 and ties after round 2, the usual rule of the tours; a tournament may store its own. */
export const DEFAULT_CUT_RULE: CutRule = { after_round: 2, top: 60 };

/** A tournament's stored cut rule, or the default when it was imported without one. */
export const cutRuleOf = (record: { cut?: CutRule | undefined }): CutRule => record.cut ?? DEFAULT_CUT_RULE;

/**
 * The projected cut line from the contenders' tournament totals (to par): the total of the player in
 * position `top`, so that every player at or under it stays ("top N and ties"). With no more than `top`
 * contenders everyone stays, and the line is the worst total; null with no contender.
 */
export function projectedCutLine(totals: readonly number[], top: number): number | null {
  if (totals.length === 0) return null;
  const sorted = [...totals].sort((a, b) => a - b);
  return sorted[Math.min(top, sorted.length) - 1]!;
}

/** Whether the cut rule still decides something in `round` (a cut is made after it or a later round). */
export const cutPending = (rule: CutRule, round: number) => rule.after_round > 0 && round <= rule.after_round;

/** One player's state in the round being played, as the live field call gives it. */
export interface LivePlayerState {
  /** The status that applies to this round. */
  status: PlayerStatus;
  /** To par for the holes played this round; null before his first hole. */
  to_par: number | null;
  /** Holes played this round (18 = done); null before any result this round. */
  thru: number | null;
  completed: boolean;
}

type LivePickKind = 'finished' | 'playing' | 'not_started' | 'penalty';

export interface LivePick {
  kind: LivePickKind;
  /** What the pick adds to the team now; null for a penalty not known yet (nobody has finished). */
  to_par: number | null;
  thru: number | null;
}

/**
 * One pick's provisional score: a finished round counts its to-par, a round under way the to-par so
 * far, a round not started yet even par; a withdrawal, a missed cut or a disqualification (even with
 * 18 holes) the round's penalty, and so does an empty slot (`null`).
 */
export function livePick(state: LivePlayerState | undefined | null, penalty: number | null): LivePick {
  if (state === null) return { kind: 'penalty', to_par: penalty, thru: null };
  if (state === undefined) return { kind: 'not_started', to_par: 0, thru: null };
  // As in scoring.ts: a finished round stands unless the player was disqualified in it.
  if (state.completed && state.to_par !== null && state.status !== 'dq')
    return { kind: 'finished', to_par: state.to_par, thru: state.thru };
  if (state.status !== 'active') return { kind: 'penalty', to_par: penalty, thru: state.thru };
  if (state.to_par === null) return { kind: 'not_started', to_par: 0, thru: state.thru };
  return { kind: 'playing', to_par: state.to_par, thru: state.thru };
}

/**
 * A team's provisional round score: the sum of its picks' live scores (slots without a player
 * score the penalty, like a missing team); null while a penalty it needs is not known yet.
 */
export function liveTeamScore(
  playerIds: ReadonlyArray<string | null>,
  stateOf: (playerId: string) => LivePlayerState | undefined,
  penalty: number | null,
): { score: number | null; picks: LivePick[] } {
  const picks = playerIds.map((id) => livePick(id === null ? null : stateOf(id), penalty));
  const score = picks.some((p) => p.to_par === null) ? null : picks.reduce((sum, p) => sum + p.to_par!, 0);
  return { score, picks };
}
