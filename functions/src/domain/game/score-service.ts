/**
 * Team round scores are stored (`SCORE#{id}#R{n}` / `USER#{userId}`) so rankings read them without
 * recomputing. Whenever results, statuses, finals or teams change, the affected rounds are scored
 * again and only the items that changed are rewritten, in batches.
 */
import type { FieldEntryRecord, TournamentRecord } from '@golf/shared/schedule/tournament-record';
import { isBeforeDeadline } from '@golf/shared/game/lock';
import { resultsRepository, type TeamScoreRecord } from '../../db/repositories/results-repository';
import { teamRepository } from '../../db/repositories/team-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { stableEqual } from './stable-equal';
import { indexTournamentRound, teamScoreRecord } from './team-scoring';

const sameScore = (a: TeamScoreRecord | undefined, b: TeamScoreRecord) => stableEqual(a, b);

/** Scores every locked round of the tournament (or only `rounds`); returns how many items were written. */
export async function recomputeScores(
  record: TournamentRecord,
  now: Date,
  options: { field?: FieldEntryRecord[]; rounds?: number[] } = {},
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
    written += changed.length;
  }
  return written;
}
