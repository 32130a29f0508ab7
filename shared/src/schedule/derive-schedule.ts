import { tokyoCalendarDate } from '../game/format';
import type { Schedule, ScheduleRound, RoundStatus } from '../schemas/schedule';
import type { StoredRound, TournamentRecord } from './tournament-record';

const weekdays = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** '2026-11-19' -> '11月19日(木)'. Calendar dates carry no time zone, so UTC arithmetic is exact. */
export function displayDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const weekday = weekdays[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
  return `${month}月${day}日(${weekday})`;
}

export function roundStatus(round: StoredRound, now: Date): RoundStatus {
  if (round.cancelled) return 'cancelled';
  if (round.results === 'final') return 'final';
  if (round.results === 'provisional') return 'provisional';
  return now.getTime() < Date.parse(round.deadline_at) ? 'scheduled' : 'locked';
}

/**
 * The schedule as players see it at `now`. `current_round` is the round open for picks (the first
 * round whose deadline is still ahead), or the last round once every deadline has passed.
 */
export function deriveSchedule(record: TournamentRecord, now: Date): Schedule {
  const rounds: ScheduleRound[] = record.rounds.map((round) => ({
    round: round.round,
    play_on: round.play_on,
    deadline_at: round.deadline_at,
    status: roundStatus(round, now),
    deadline_note: round.deadline_note,
    cancel_note: round.cancel_note ?? null,
  }));
  const open = rounds.find((round) => round.status === 'scheduled');
  const today = tokyoCalendarDate(now);
  const isRoundDaysOver = today > record.end_on;
  const everyRoundSettled = rounds.every((round) => round.status === 'final' || round.status === 'cancelled');
  const firstDeadlinePassed = now.getTime() >= Date.parse(record.rounds[0]!.deadline_at);
  // Over once every round is final or cancelled, even on its last day: nothing is left to play or pick.
  const status = record.cancelled
    ? 'cancelled'
    : everyRoundSettled
      ? 'finished'
      : firstDeadlinePassed
        ? 'in_progress'
        : 'upcoming';
  return {
    value: record.game_global_id,
    name: record.tournament_name,
    season_id: record.season_id,
    game_global_id: record.game_global_id,
    tournament_name: record.tournament_name,
    venue: record.venue,
    tournament_start_on: record.start_on,
    tournament_display_start_on: displayDate(record.start_on),
    tournament_end_on: record.end_on,
    tournament_display_end_on: displayDate(record.end_on),
    current_round: open?.round ?? 4,
    is_round_days_over: isRoundDaysOver,
    status,
    cancel_note: record.cancel_note ?? null,
    rounds,
  };
}

/**
 * What a screen shows by default: `picks` for the screens of the game (home, my page, the round
 * pages), `results` for the screens of standings (the rankings, the tournament score).
 */
export type TournamentScreen = 'picks' | 'results';

/**
 * The tournament a screen shows when none is chosen, from the season's schedules at one instant
 * (docs/game-rules.md, 「どの大会を表示するか」). Both kinds feature a tournament in progress (its
 * first deadline passed, a round not yet final). With none in progress, the game screens feature the
 * next tournament (its round 1 is open for picks), and the standings screens the tournament last
 * finished, so its final standings stay in view until the next tournament's first deadline, and after
 * the season. Before the season's first tournament has finished, both show the next one; a cancelled
 * tournament is shown only when the season has nothing else.
 */
export function defaultTournament<T extends { status: Schedule['status']; tournament_start_on: string }>(
  screen: TournamentScreen,
  schedules: T[],
): T | undefined {
  const byStart = [...schedules].sort((a, b) => a.tournament_start_on.localeCompare(b.tournament_start_on));
  const inProgress = byStart.find((s) => s.status === 'in_progress');
  const next = byStart.find((s) => s.status === 'upcoming');
  const lastFinished = byStart.filter((s) => s.status === 'finished').at(-1);
  return (
    inProgress ?? (screen === 'picks' ? (next ?? lastFinished) : (lastFinished ?? next)) ?? byStart.at(-1)
  );
}

/** The tournament the top page and the game screens feature (`defaultTournament('picks', …)`). */
export const currentTournament = <T extends { status: Schedule['status']; tournament_start_on: string }>(
  schedules: T[],
): T | undefined => defaultTournament('picks', schedules);
