/**
 * Team scores over the shared scoring rules (shared/src/game/scoring.ts), for stored teams that may
 * have empty slots: an empty slot at scoring time scores the round's penalty, like a missing team.
 */
import type { PickRecord } from '@golf/shared/game/personal-ranking';
import { statusForRound } from '@golf/shared/game/player-status';
import {
  indexRound,
  playerRoundScore,
  resultFromFieldEntry,
  teamRoundScore,
  type IndexedRound,
  type PlayerRoundResult,
} from '@golf/shared/game/scoring';
import type { FieldEntryRecord, TournamentRecord } from '@golf/shared/schedule/tournament-record';
import { roundStatus } from '@golf/shared/schedule/derive-schedule';
import type { RoundNumber } from '@golf/shared/schemas/schedule';
import type { RoundScoreView } from '@golf/shared/schemas/game';
import type { TeamRecord } from '../../db/repositories/team-repository';

/** One round indexed for scoring, plus each field player's cut outcome (rankings type 7). */
export interface ScoringRound extends IndexedRound {
  readonly madeCut: ReadonlyMap<string, boolean | null>;
}

/** The cut is made after round 2: picks of rounds 1 and 2 are the ones that made it or not. */
const CUT_AFTER_ROUND = 2;

/**
 * Whether a player made the cut, from his explicit status only: 'cut', or withdrawn or disqualified
 * in a round up to the cut = missed (he did not get through it); a result in round 3 or 4, or still
 * 'active' once round 2 is final = made; otherwise not known (null): the cut not made yet, or
 * withdrawn or disqualified after it without a later result. Never guessed from missing rounds.
 */
function madeCut(entry: FieldEntryRecord, cutFinal: boolean): boolean | null {
  if (entry.status === 'cut') return false;
  const atCut = statusForRound(entry, CUT_AFTER_ROUND);
  if (atCut === 'wd' || atCut === 'dq') return false;
  if (entry.rounds[2] || entry.rounds[3]) return true;
  return entry.status === 'active' && cutFinal ? true : null;
}

export function indexTournamentRound(
  record: TournamentRecord,
  field: readonly FieldEntryRecord[],
  round: number,
  now: Date,
): ScoringRound {
  const stored = record.rounds[round - 1]!;
  const rows = field
    .map((entry) => resultFromFieldEntry(entry, round as RoundNumber))
    .filter((row): row is PlayerRoundResult => row !== null);
  const second = record.rounds[1]!;
  const cutFinal = second.results === 'final' && !second.cancelled;
  // Only a pick made before the cut predicts it: after it, every player still in the field made it.
  const cut = new Map(
    round <= CUT_AFTER_ROUND
      ? field.map((entry) => [entry.player_id, madeCut(entry, cutFinal)] as const)
      : [],
  );
  return { ...indexRound(rows, roundStatus(stored, now)), madeCut: cut };
}

export type PickScore =
  | { kind: 'real'; to_par: number; reason: null }
  | { kind: 'penalty'; to_par: number; reason: 'cut' | 'wd' | 'dq' | 'empty' }
  | { kind: 'pending'; to_par: null; reason: null };

export function pickScore(playerId: string | null, round: IndexedRound): PickScore {
  if (playerId === null) {
    return round.penalty === null
      ? { kind: 'pending', to_par: null, reason: null }
      : { kind: 'penalty', to_par: round.penalty, reason: 'empty' };
  }
  const score = playerRoundScore(round.byPlayer.get(playerId), round.penalty);
  if (score.kind === 'real') return { kind: 'real', to_par: score.to_par, reason: null };
  if (score.kind === 'penalty') return { kind: 'penalty', to_par: score.to_par, reason: score.reason };
  return { kind: 'pending', to_par: null, reason: null };
}

/** A stored team's round score (a team of 4 goes through the shared teamRoundScore as is). */
export function teamScore(team: TeamRecord | undefined, round: IndexedRound): RoundScoreView {
  const picks = team?.picks ?? [];
  if (round.status === 'cancelled') return { kind: 'cancelled', score: null, provisional: false };
  if (round.status === 'scheduled' || round.status === 'locked') {
    if (round.byPlayer.size === 0) return { kind: 'not_started', score: null, provisional: true };
  }
  const provisional = round.status !== 'final';
  if (picks.length === 4 || picks.length === 0) {
    const result = teamRoundScore(picks.length ? picks.map((p) => p.player_id) : null, round);
    if (result.kind === 'scored') return { kind: 'scored', score: result.score, provisional };
    if (result.kind === 'cancelled') return { kind: 'cancelled', score: null, provisional: false };
    return { kind: 'pending', score: null, provisional: true };
  }
  let total = 0;
  for (const slot of [1, 2, 3, 4]) {
    const score = pickScore(picks.find((p) => p.slot === slot)?.player_id ?? null, round);
    if (score.kind === 'pending') return { kind: 'pending', score: null, provisional: true };
    total += score.to_par;
  }
  return { kind: 'scored', score: total, provisional };
}

/** A team's round score as the rankings and the prize draw read it, computed from the team and the field. */
export interface TeamScoreRecord {
  game_global_id: string;
  round: number;
  user_id: string;
  kind: 'scored' | 'pending' | 'cancelled';
  score: number | null;
  provisional: boolean;
  player_ids: string[];
  /** Per pick, slot order: the score that counted (null while pending). */
  pick_scores: Array<number | null>;
  birdies: number;
  eagles: number;
  under_par_picks: number;
  /**
   * Per pick, slot order, what personal rankings 4-7 read: the player's real to-par (null unless he
   * completed the round), his birdies and eagles that round (0 unless completed), and whether he
   * made the cut (null while not known).
   */
  picks: PickRecord[];
  last_saved_at: string;
}

/**
 * What personal rankings 4-7 read of one pick: the player's real to-par (null unless he completed
 * the round), his birdies and eagles that round (0 unless completed), and whether he made the cut.
 */
export function pickRecord(
  playerId: string,
  round: ScoringRound,
  score: PickScore = pickScore(playerId, round),
): PickRecord {
  const result = round.byPlayer.get(playerId);
  const completed = score.kind === 'real';
  return {
    player_id: playerId,
    to_par: completed ? score.to_par : null,
    made_cut: round.madeCut.get(playerId) ?? null,
    birdies: completed ? (result?.birdies ?? 0) : 0,
    eagles: completed ? (result?.eagles ?? 0) : 0,
  };
}

/** The score item of one stored team (teams with no pick have none: rankings use 4 x penalty). */
export function teamScoreRecord(team: TeamRecord, round: ScoringRound): TeamScoreRecord {
  const view = teamScore(team, round);
  const ordered = [...team.picks].sort((a, b) => a.slot - b.slot);
  const scores = ordered.map((pick) => pickScore(pick.player_id, round));
  const results = ordered.map((pick) => round.byPlayer.get(pick.player_id));
  return {
    game_global_id: team.game_global_id,
    round: team.round,
    user_id: team.user_id,
    kind: view.kind === 'scored' || view.kind === 'cancelled' ? view.kind : 'pending',
    score: view.score,
    provisional: view.provisional,
    player_ids: ordered.map((p) => p.player_id),
    pick_scores: scores.map((s) => s.to_par),
    birdies: results.reduce((sum, r) => sum + (r?.birdies ?? 0), 0),
    eagles: results.reduce((sum, r) => sum + (r?.eagles ?? 0), 0),
    under_par_picks: scores.filter((s) => s.kind === 'real' && s.to_par < 0).length,
    picks: ordered.map((pick, i) => pickRecord(pick.player_id, round, scores[i])),
    last_saved_at: team.last_saved_at,
  };
}
