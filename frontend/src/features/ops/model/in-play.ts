import type { OpsTournament } from '@golf/shared/schemas/ops';

const counts = (round: OpsTournament['rounds'][number]) => !round.cancelled;
const running = (t: OpsTournament) =>
  !t.cancelled &&
  t.rounds.some((r) => counts(r) && r.locked) &&
  t.rounds.some((r) => counts(r) && r.results !== 'final');
const upcoming = (t: OpsTournament) => !t.cancelled && !t.rounds.some((r) => counts(r) && r.locked);

/**
 * The tournament an operator works on today: the one in play (a deadline passed, a round not yet
 * final), else the next to open, else the latest played. The list comes newest first.
 */
export function tournamentInPlay(tournaments: readonly OpsTournament[]): OpsTournament | undefined {
  const byStart = [...tournaments].sort((a, b) => a.start_on.localeCompare(b.start_on));
  return (
    byStart.find(running) ?? byStart.find(upcoming) ?? tournaments.find((t) => !t.cancelled) ?? tournaments[0]
  );
}

/** The round to act on: the first past its deadline and not final, else the next to open, else the last. */
export function roundInPlay(tournament: OpsTournament): number {
  const rounds = tournament.rounds.filter(counts);
  return (
    rounds.find((r) => r.locked && r.results !== 'final')?.round ??
    rounds.find((r) => !r.locked)?.round ??
    rounds.at(-1)?.round ??
    1
  );
}

/** The selectors' order: by start date, newest first. */
export function newestFirst(tournaments: readonly OpsTournament[]): OpsTournament[] {
  return [...tournaments].sort(
    (a, b) => b.start_on.localeCompare(a.start_on) || a.game_global_id.localeCompare(b.game_global_id),
  );
}

/** The console's list of tournaments: the one in play first, then the others newest first. */
export function inPlayFirst(tournaments: readonly OpsTournament[]): OpsTournament[] {
  const sorted = newestFirst(tournaments);
  const first = tournamentInPlay(sorted);
  return first ? [first, ...sorted.filter((t) => t !== first)] : sorted;
}
