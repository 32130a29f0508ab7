import type { StoredRound, TournamentRecord } from '@golf/shared/schedule/tournament-record';

/** Round `round` of the tournament of `tournamentRecord`: provisional results, not cancelled, unless given. */
export const storedRound = (round: number, given: Partial<StoredRound> = {}): StoredRound => ({
  round,
  play_on: `2026-05-${String(6 + round).padStart(2, '0')}`,
  deadline_at: `2026-05-${String(6 + round).padStart(2, '0')}T00:00:00.000Z`,
  results: 'provisional',
  cancelled: false,
  deadline_note: null,
  ...given,
});

/** A tournament of season 2026 for the ranking rules' tests, its 4 rounds as given (else as `storedRound`). */
export const tournamentRecord = (
  rounds: StoredRound[] = [1, 2, 3, 4].map((r) => storedRound(r)),
): TournamentRecord => ({
  game_global_id: 'g1',
  season_id: 2026,
  tournament_name: '大会',
  venue: 'コース',
  start_on: '2026-05-07',
  end_on: '2026-05-10',
  cancelled: false,
  rounds,
});
