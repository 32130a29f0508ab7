import { teamRepository } from '@golf/functions/db/repositories/team-repository';
import { tournamentRepository } from '@golf/functions/db/repositories/tournament-repository';
import {
  indexTournamentRound,
  teamScoreRecord,
  type TeamScoreRecord,
} from '@golf/functions/domain/game/team-scoring';

/** Every team's score in a round as the rankings compute it now: from the teams and the stored field. */
export async function roundScores(gameGlobalId: string, round: number): Promise<TeamScoreRecord[]> {
  const record = await tournamentRepository.get(gameGlobalId);
  if (!record) throw new Error(`no tournament ${gameGlobalId}`);
  const field = await tournamentRepository.field(gameGlobalId);
  const indexed = indexTournamentRound(record, field, round, new Date());
  const teams = await teamRepository.listRound(gameGlobalId, round);
  return teams.filter((team) => team.picks.length > 0).map((team) => teamScoreRecord(team, indexed));
}

/** One player's team score in a round (undefined without a team). */
export async function scoreOf(gameGlobalId: string, round: number, userId: string) {
  return (await roundScores(gameGlobalId, round)).find((score) => score.user_id === userId);
}
