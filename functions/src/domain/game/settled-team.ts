/**
 * A user's team for a round as the round is played: settled at its deadline (docs/game-rules.md,
 * Teams and carry-over). The carry-over job stores the settlement some minutes after a deadline
 * passes (every 5 minutes in AWS); until it has, every view settles the team on read, by the same
 * per-user step the job runs (`settleUserTeam`), from the same inputs as of the deadline, and writes
 * nothing. So from the deadline on, the round page, the live view, another user's team, my page's
 * round summaries and a share card all show the team the job then stores: a golfer who withdrew
 * before the deadline is never shown on a locked team, and a card drawn in those minutes is right.
 *
 * The cost: a round that is settled, final, cancelled or still before its deadline is read as
 * stored (one Get). Only in the minutes between a deadline and its settlement does a view read more,
 * and only for its own viewer: the user's teams of the rounds up to this one (one BatchGet), his copy
 * setting (one Get) when he saved no team, and the field and profiles for the AI pick (the round
 * pages' cached copy, read afresh in the first `ROUND_READ_CACHE_MS` after the deadline so that a
 * status recorded just before it is counted).
 */
import type { PlayerStats } from '@golf/shared/game/ai-selection';
import { awaitsSettlement, roundsCopiedFrom, settleTeamAtDeadline } from '@golf/shared/game/carry-over';
import type { RoundTeam, TeamPick } from '@golf/shared/game/team';
import type { RoundNumber } from '@golf/shared/schemas/schedule';
import type { TournamentRecord } from '@golf/shared/schedule/tournament-record';
import { teamRepository, type TeamRecord } from '../../db/repositories/team-repository';
import { userRepository } from '../../db/repositories/user-repository';
import { config } from '../../lib/config';
import { logger } from '../../lib/logger';
import { loadRoundContext } from './tournament-context';

const EMPTY_SLOT = '';

const asRoundTeam = (team: TeamRecord): RoundTeam => ({
  round: team.round as RoundNumber,
  // An empty slot is an ineligible placeholder, so the settlement fills it like a withdrawn player.
  picks: ([1, 2, 3, 4] as const).map(
    (slot): TeamPick =>
      team.picks.find((p) => p.slot === slot) ?? { slot, player_id: EMPTY_SLOT, auto: true },
  ),
  last_saved_at: team.last_saved_at,
});

/** The rounds of the tournament that were cancelled. */
export const cancelledRounds = (record: TournamentRecord): Set<number> =>
  new Set(record.rounds.filter((r) => r.cancelled).map((r) => r.round));

/** What a settlement changes in one user's team: the team as it is to be stored, and whether it was copied. */
export interface UserSettlement {
  /** Carries the version it has once written over `own` (the job writes it only over that one). */
  team: TeamRecord;
  carried: boolean;
}

/**
 * The settlement of one user's team at the round's deadline, the one step both the carry-over job
 * and the views run: `own` is his stored team for the round, `previous` the team a copy reads
 * (`roundsCopiedFrom`, teams with picks only), `eligible` loads the players eligible as of the
 * deadline. Null when the stored team stays as it is (or he has none and copies none).
 */
export async function settleUserTeam(input: {
  record: TournamentRecord;
  round: number;
  userId: string;
  own: TeamRecord | undefined;
  previous: TeamRecord | undefined;
  eligible: () => Promise<readonly PlayerStats[]>;
}): Promise<UserSettlement | null> {
  const { own, previous } = input;
  const deadline = input.record.rounds[input.round - 1]!.deadline_at;
  const hasPicks = Boolean(own?.picks.length);
  if (!hasPicks && !(previous && (await userRepository.copyNextRound(input.userId, deadline)))) return null;
  const eligiblePlayers = await input.eligible();
  let outcome;
  try {
    outcome = settleTeamAtDeadline({
      round: input.round as RoundNumber,
      saved: hasPicks ? asRoundTeam(own!) : null,
      previous: previous ? asRoundTeam(previous) : null,
      copyNextRound: true,
      eligiblePlayers,
      deadlineIso: deadline,
    });
  } catch (error) {
    logger.error('carry-over could not fill a team', {
      userId: input.userId,
      round: input.round,
      error: String(error),
    });
    return null;
  }
  if (outcome.kind === 'none' || (outcome.kind === 'saved' && !outcome.changed)) return null;
  const carried = outcome.kind === 'carried';
  return {
    team: {
      game_global_id: input.record.game_global_id,
      round: input.round,
      user_id: input.userId,
      picks: [...outcome.team.picks],
      source: carried ? 'carry_over' : own!.source,
      last_saved_at: outcome.team.last_saved_at,
      version: (own?.version ?? 0) + 1,
    },
    carried,
  };
}

/** The last team with picks among a user's teams of the rounds a copy into `round` reads. */
function teamToCopy(teams: ReadonlyMap<number, TeamRecord>, cancelled: ReadonlySet<number>, round: number) {
  return roundsCopiedFrom(cancelled, round)
    .map((r) => teams.get(r))
    .filter((team) => Boolean(team?.picks.length))
    .at(-1);
}

/**
 * The user's teams for `rounds` of the tournament as they are played at `now` (users without a team
 * left out): as stored, except each round whose deadline has passed but which is not yet settled
 * (`awaitsSettlement`), settled as the carry-over job will settle it, earlier such rounds first (a
 * copy reads the previous round's settled team), with nothing written.
 */
export async function teamsAsSettled(
  record: TournamentRecord,
  userId: string,
  rounds: readonly number[],
  now: Date,
): Promise<Map<number, TeamRecord>> {
  const gameGlobalId = record.game_global_id;
  const nowIso = now.toISOString();
  const pending = (round: number) => awaitsSettlement(record.rounds[round - 1]!, record.cancelled, nowIso);
  const last = Math.max(0, ...rounds.filter(pending));
  if (last === 0) {
    if (rounds.length !== 1) return teamRepository.getRounds(gameGlobalId, rounds, userId);
    const team = await teamRepository.get(gameGlobalId, rounds[0]!, userId);
    return new Map(team ? [[team.round, team]] : []);
  }
  const upTo = Math.max(last, ...rounds);
  const all = Array.from({ length: upTo }, (_, i) => i + 1);
  const teams = await teamRepository.getRounds(gameGlobalId, all, userId, { consistent: true });
  const cancelled = cancelledRounds(record);
  for (let round = 1; round <= last; round++) {
    if (!pending(round)) continue;
    const deadline = record.rounds[round - 1]!.deadline_at;
    const settled = await settleUserTeam({
      record,
      round,
      userId,
      own: teams.get(round),
      previous: teamToCopy(teams, cancelled, round),
      eligible: async () => {
        // A cached field read before the deadline could miss a status recorded just before it.
        const cached = now.getTime() - Date.parse(deadline) > config().ROUND_READ_CACHE_MS;
        return (await loadRoundContext(record, round, { asOf: deadline, cached })).eligible;
      },
    });
    if (settled) teams.set(round, settled.team);
  }
  return new Map(rounds.flatMap((round) => (teams.has(round) ? [[round, teams.get(round)!]] : [])));
}

/** The user's team for one round as it is played at `now` (`teamsAsSettled`). */
export async function teamAsSettled(
  record: TournamentRecord,
  round: number,
  userId: string,
  now: Date,
): Promise<TeamRecord | undefined> {
  return (await teamsAsSettled(record, userId, [round], now)).get(round);
}
