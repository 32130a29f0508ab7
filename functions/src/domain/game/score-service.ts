/**
 * Why my score moved: when an operator's action (a correction, a withdrawal, a cancellation, a final
 * mark) changes what a player's team counts, the player gets a change record with the score before
 * and after. Team scores themselves are never stored: the rankings score each round's teams from the
 * field's results (`domain/ranking`), so a results import writes no per-player item.
 */
import type { FieldEntryRecord, TournamentRecord } from '@golf/shared/schedule/tournament-record';
import type { AuditRecord } from '@golf/shared/schemas/game';
import { isBeforeDeadline } from '@golf/shared/game/lock';
import type { TeamScoreRecord } from './team-scoring';
import { scoreChangeRepository, type ScoreChangeRecord } from '../../db/repositories/score-change-repository';
import { teamRepository } from '../../db/repositories/team-repository';
import { stableEqual } from './stable-equal';
import { indexTournamentRound, teamScoreRecord } from './team-scoring';

/** What a player sees of a stored score. */
const counted = (score: TeamScoreRecord) => ({
  kind: score.kind,
  score: score.score,
  provisional: score.provisional,
});

/** The change records of the scores an operator's action moved (only what a player sees changed). */
export function scoreChanges(
  audit: AuditRecord,
  before: ReadonlyMap<string, TeamScoreRecord>,
  changed: TeamScoreRecord[],
): ScoreChangeRecord[] {
  return changed.flatMap((score) => {
    const previous = before.get(score.user_id);
    const from = previous ? counted(previous) : null;
    const to = counted(score);
    if (from && stableEqual(from, to)) return [];
    return [
      {
        game_global_id: score.game_global_id,
        round: score.round,
        user_id: score.user_id,
        id: audit.id,
        at: audit.at,
        cause: audit.action as ScoreChangeRecord['cause'],
        reason: audit.action === 'mark_final' ? null : audit.reason,
        note: audit.note,
        before: from,
        after: to,
        replaced: [],
      },
    ];
  });
}

/** A tournament as scoring reads it: its record (rounds, cut rule) and its field's results. */
export interface ScoringState {
  record: TournamentRecord;
  field: readonly FieldEntryRecord[];
}

/**
 * Writes a change record for each player whose counted score an operator's action moved, scoring
 * every team of the action's locked rounds (or only `rounds`) before and after it; returns how many
 * it wrote. Nothing else is written: rankings score teams from the field themselves (the ranking job)
 * and nothing stores a team's score.
 */
export async function recordScoreChanges(
  before: ScoringState,
  after: ScoringState,
  audit: AuditRecord,
  now: Date,
  rounds?: readonly number[],
): Promise<number> {
  const locked = after.record.rounds.filter(
    (r) => (!rounds || rounds.includes(r.round)) && !isBeforeDeadline(now.toISOString(), r.deadline_at),
  );
  let written = 0;
  for (const stored of locked) {
    const indexedBefore = indexTournamentRound(before.record, before.field, stored.round, now);
    const indexedAfter = indexTournamentRound(after.record, after.field, stored.round, now);
    const teams = (await teamRepository.listRound(after.record.game_global_id, stored.round)).filter(
      (team) => team.picks.length > 0,
    );
    const previous = new Map(teams.map((team) => [team.user_id, teamScoreRecord(team, indexedBefore)]));
    const changes = scoreChanges(
      audit,
      previous,
      teams.map((team) => teamScoreRecord(team, indexedAfter)),
    );
    if (changes.length) await scoreChangeRepository.write(changes);
    written += changes.length;
  }
  return written;
}

/** Every team's score in a locked round, from its teams and the field's results (nothing stores them). */
export async function roundTeamScores(
  state: ScoringState,
  round: number,
  now: Date,
): Promise<TeamScoreRecord[]> {
  const indexed = indexTournamentRound(state.record, state.field, round, now);
  const teams = await teamRepository.listRound(state.record.game_global_id, round);
  return teams.filter((team) => team.picks.length > 0).map((team) => teamScoreRecord(team, indexed));
}
