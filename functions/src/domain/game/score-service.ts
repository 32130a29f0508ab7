/**
 * Team round scores are stored (`SCORE#{id}#R{n}` / `USER#{userId}`) so rankings read them without
 * recomputing. Whenever results, statuses, finals or teams change, the affected rounds are scored
 * again and only the items that changed are rewritten, in batches. When an operator's action caused
 * the recompute, each player whose counted score changed gets a change record (why my score moved),
 * written with the scores from what this step already read.
 */
import type { FieldEntryRecord, TournamentRecord } from '@golf/shared/schedule/tournament-record';
import type { AuditRecord } from '@golf/shared/schemas/game';
import { isBeforeDeadline } from '@golf/shared/game/lock';
import { resultsRepository, type TeamScoreRecord } from '../../db/repositories/results-repository';
import { scoreChangeRepository, type ScoreChangeRecord } from '../../db/repositories/score-change-repository';
import { teamRepository } from '../../db/repositories/team-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { stableEqual } from './stable-equal';
import { indexTournamentRound, teamScoreRecord } from './team-scoring';

const sameScore = (a: TeamScoreRecord | undefined, b: TeamScoreRecord) => stableEqual(a, b);

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

/** Scores every locked round of the tournament (or only `rounds`); returns how many items were written. */
export async function recomputeScores(
  record: TournamentRecord,
  now: Date,
  /** `audit`: the operator's action that caused the recompute, recorded for each player it moved. */
  options: { field?: FieldEntryRecord[]; rounds?: number[]; audit?: AuditRecord | null } = {},
): Promise<number> {
  const field = options.field ?? (await tournamentRepository.field(record.game_global_id));
  const rounds = record.rounds.filter(
    (r) =>
      (!options.rounds || options.rounds.includes(r.round)) &&
      !isBeforeDeadline(now.toISOString(), r.deadline_at),
  );
  let written = 0;
  for (const stored of rounds) {
    const indexed = indexTournamentRound(record, field, stored.round, now);
    const [teams, existing] = await Promise.all([
      teamRepository.listRound(record.game_global_id, stored.round),
      resultsRepository.listScores(record.game_global_id, stored.round),
    ]);
    const before = new Map(existing.map((s) => [s.user_id, s]));
    const changed = teams
      .filter((team) => team.picks.length > 0)
      .map((team) => teamScoreRecord(team, indexed))
      .filter((score) => !sameScore(before.get(score.user_id), score));
    if (changed.length) await resultsRepository.writeScores(changed);
    if (options.audit) await scoreChangeRepository.write(scoreChanges(options.audit, before, changed));
    written += changed.length;
  }
  return written;
}
