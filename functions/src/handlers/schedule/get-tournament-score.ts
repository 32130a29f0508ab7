import type { TournamentScore } from '@golf/shared/schemas/schedule';
import { currentTournament, deriveSchedule } from '@golf/shared/schedule/derive-schedule';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { buildLeaderboard } from '../../domain/leaderboard';
import { notFound } from '../../lib/errors';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getTournamentScore', async ({ query, now }): Promise<TournamentScore> => {
  let record;
  if (query.game_global_id) {
    record = await tournamentRepository.get(query.game_global_id);
  } else {
    const all = await tournamentRepository.list();
    const current = currentTournament(all.map((r) => ({ ...deriveSchedule(r, now), record: r })));
    record = current?.record;
  }
  if (!record) throw notFound('大会が見つかりませんでした。');
  const schedule = deriveSchedule(record, now);
  const withResults = schedule.rounds.filter((r) => r.status === 'provisional' || r.status === 'final');
  const field = await tournamentRepository.field(record.game_global_id);
  return {
    schedule,
    is_provisional: withResults.some((r) => r.status === 'provisional'),
    leaderboard: buildLeaderboard(field, new Set(withResults.map((r) => r.round))),
  };
});
