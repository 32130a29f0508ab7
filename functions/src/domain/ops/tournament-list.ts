/** The operator console's tournament list: every listed tournament with its rounds' states. */
import { isBeforeDeadline } from '@golf/shared/game/lock';
import type { OpsTournamentList } from '@golf/shared/schemas/ops';
import { tournamentRepository } from '../../db/repositories/tournament-repository';

/** Newest first; one Query of the tournament listing. */
export async function listTournamentsForOperators(now: Date): Promise<OpsTournamentList> {
  const records = await tournamentRepository.list();
  const nowIso = now.toISOString();
  return {
    tournaments: records
      .sort(
        (a, b) => b.start_on.localeCompare(a.start_on) || a.game_global_id.localeCompare(b.game_global_id),
      )
      .map((record) => ({
        game_global_id: record.game_global_id,
        season_id: record.season_id,
        tournament_name: record.tournament_name,
        venue: record.venue,
        start_on: record.start_on,
        end_on: record.end_on,
        cancelled: record.cancelled,
        cancel_note: record.cancel_note ?? null,
        cut: record.cut ?? null,
        rounds: record.rounds.map((round) => ({
          round: round.round,
          play_on: round.play_on,
          deadline_at: round.deadline_at,
          results: round.results,
          cancelled: round.cancelled,
          locked: !isBeforeDeadline(nowIso, round.deadline_at),
          settled_at: round.settled_at ?? null,
          deadline_note: round.deadline_note,
          cancel_note: round.cancel_note ?? null,
        })),
      })),
  };
}
