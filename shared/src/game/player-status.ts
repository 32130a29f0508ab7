/**
 * A field player's status over time (docs/game-rules.md, Scoring; Teams and carry-over). The feed and the operators
 * change a player's status ('active', 'cut', 'wd', 'dq'); each change is logged with the round it
 * takes effect in and the instant it was recorded, so that:
 *
 * - scoring knows which round a status voids: a disqualification in round r voids round r even when
 *   he finished it (a wrong scorecard), rounds before r keep their real scores;
 * - the team of round n is decided by the statuses recorded before round n's deadline only: a
 *   withdrawal recorded after it is scored as the penalty, never swapped in, whenever the job runs.
 *
 * Entries stored before the log existed carry no log: their status applies from the first round they
 * did not complete (the round they stopped in), and counts as known from the next round's deadline.
 */
import type { FieldEntryRecord, StatusChange } from '../schedule/tournament-record';
import type { PlayerStatus, RoundNumber } from '../schemas/schedule';

export type StatusEntry = Pick<FieldEntryRecord, 'status' | 'rounds' | 'status_log'>;

/** The round a status without a log applies from: the first round the player did not complete. */
function inferredRound(entry: StatusEntry): number {
  const first = entry.rounds.findIndex((r) => r === null || !r.completed);
  return first === -1 ? 4 : first + 1;
}

/** The latest change of the player's status, or a change inferred for an entry stored without a log. */
function latestChange(entry: StatusEntry): StatusChange | null {
  const log = entry.status_log ?? [];
  if (log.length) return log[log.length - 1]!;
  if (entry.status === 'active') return null;
  return { status: entry.status, round: inferredRound(entry), at: new Date(0).toISOString() };
}

/**
 * The status that applies to round `round`: a status taking effect in a later round leaves this one
 * 'active' (a player disqualified in round 3 played rounds 1 and 2 as anyone else).
 */
export function statusForRound(entry: StatusEntry, round: RoundNumber): PlayerStatus {
  const change = latestChange(entry);
  if (change === null || change.status === 'active') return 'active';
  return round < change.round ? 'active' : change.status;
}

/**
 * The status as it was recorded strictly before `instantIso`, the deadline of round `round`. Log
 * instants are ISO strings in UTC. An entry stored without a log has no instants: its status counts
 * as known at the deadline of a round after the one it took effect in (a player who stopped during
 * round 3 was still in the field at round 3's deadline), and a missed cut from round 3 on.
 */
export function statusAsOf(entry: StatusEntry, instantIso: string, round: number): PlayerStatus {
  const log = entry.status_log;
  if (!log?.length) {
    const change = latestChange(entry);
    if (change === null) return 'active';
    const known = change.status === 'cut' ? round >= change.round : round > change.round;
    return known ? change.status : 'active';
  }
  const instant = Date.parse(instantIso);
  let status: PlayerStatus = 'active';
  for (const change of log) {
    if (Date.parse(change.at) < instant) status = change.status;
  }
  return status;
}

/**
 * The entry with its status set to `status`, taking effect in `round`, recorded at `atIso`. The same
 * status again changes nothing (a feed repeats a player's status on every later row).
 */
export function withStatus<T extends StatusEntry>(
  entry: T,
  status: PlayerStatus,
  round: number,
  atIso: string,
): T {
  if (status === entry.status) return entry;
  const log = entry.status_log ?? [];
  // An entry stored before the log existed: its old status becomes the first logged change.
  const seeded = log.length === 0 && entry.status !== 'active' ? [latestChange(entry)!] : log;
  return { ...entry, status, status_log: [...seeded, { status, round, at: atIso }] };
}

/**
 * The round an operator's withdrawal takes effect in: the first round the player has not completed
 * (a round he is playing, or the next one); null when he completed all four. Rounds he completed
 * keep their real scores.
 */
export function withdrawalRound(entry: StatusEntry): number | null {
  return entry.rounds.every((r) => r?.completed) ? null : inferredRound(entry);
}

/**
 * Why a player of this status cannot be newly picked for a round, or null when he can: a withdrawn
 * or disqualified player is out for every round, a missed cut for rounds 3-4 (the cut comes after
 * round 2, so for rounds 1-2 every player still in the field can be picked).
 */
export function statusIneligibility(status: PlayerStatus, round: number): 'wd' | 'dq' | 'cut' | null {
  if (status === 'wd' || status === 'dq') return status;
  if (status === 'cut' && round >= 3) return 'cut';
  return null;
}
