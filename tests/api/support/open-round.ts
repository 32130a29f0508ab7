import { tournamentRepository } from '@golf/functions/db/repositories/tournament-repository';

/** The sample season's open round (no test player has a team for it), and its reminder instants. */
export async function openRound() {
  const current = (await tournamentRepository.list()).find((t) =>
    t.rounds.some((r) => r.results === 'none' && Date.parse(r.deadline_at) > Date.now()),
  )!;
  const open = current.rounds.find((r) => Date.parse(r.deadline_at) > Date.now())!;
  const deadline = Date.parse(open.deadline_at);
  const at = (hoursBefore: number) => new Date(deadline - hoursBefore * 3600_000);
  return { current, open, deadline, at };
}
