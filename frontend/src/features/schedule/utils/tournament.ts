import type { PlayerStatus, Schedule, ScheduleRound } from '@golf/shared/schemas/schedule';
import { parseInstant } from '@golf/shared/game/instant';

export type RoundPhase = 'open' | 'closed' | 'provisional' | 'final' | 'cancelled';

export const roundPhaseLabels: Record<RoundPhase, string> = {
  open: '受付中',
  closed: '締切済み',
  provisional: '速報',
  final: '確定',
  cancelled: '中止',
};

/**
 * Where a round stands for the player at `now`. The server derives `status` when it answers; a page
 * left open past the deadline must not keep offering the round, so 'scheduled' is checked again.
 */
export function roundPhase(round: ScheduleRound, now: number): RoundPhase {
  switch (round.status) {
    case 'scheduled':
      return now < parseInstant(round.deadline_at) ? 'open' : 'closed';
    case 'locked':
      return 'closed';
    default:
      return round.status;
  }
}

/** The round open for picks at `now`, if any. */
export function openRound(schedule: Schedule, now: number): ScheduleRound | undefined {
  return schedule.rounds.find((round) => roundPhase(round, now) === 'open');
}

/** The round the "build your team" button leads to: the current round (round 1 before the first). */
export function teamRound(schedule: Schedule): number {
  return Math.min(Math.max(schedule.current_round, 1), 4);
}

export const tournamentStatusLabels: Record<Schedule['status'], string> = {
  upcoming: '開催予定',
  in_progress: '開催中',
  finished: '終了',
  cancelled: '中止',
};

export const playerStatusLabels: Record<Exclude<PlayerStatus, 'active'>, string> = {
  cut: '予選落ち',
  wd: '棄権',
  dq: '失格',
};
