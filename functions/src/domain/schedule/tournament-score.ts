import type { TournamentScore } from '@golf/shared/schemas/schedule';
import { deriveSchedule } from '@golf/shared/schedule/derive-schedule';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { resolveTournament } from '../game/tournament-context';
import { buildLeaderboard } from '../leaderboard';

/**
 * The tournament's schedule and leaderboard over the rounds with results (when no id is given, the
 * standings screens' default tournament; 404 when there is none).
 */
export async function tournamentScore(gameGlobalId: string | undefined, now: Date): Promise<TournamentScore> {
  const record = await resolveTournament(gameGlobalId, now, { screen: 'results' });
  const schedule = deriveSchedule(record, now);
  const withResults = schedule.rounds.filter((r) => r.status === 'provisional' || r.status === 'final');
  const field = await tournamentRepository.field(record.game_global_id);
  return {
    schedule,
    is_provisional: withResults.some((r) => r.status === 'provisional'),
    leaderboard: buildLeaderboard(field, new Set(withResults.map((r) => r.round))),
  };
}
