/**
 * What a locked round's teams hold, for operators' checks (a final mark's missing results, a round
 * with fewer teams than the one before) without reading a million team items in a request: once the
 * ranking job has frozen the round's teams it keeps a summary beside them (how many teams, which
 * players they pick), and a check reads that one item. Before the freeze, the round's team items.
 */
import { isBeforeDeadline } from '@golf/shared/game/lock';
import type { StoredRound, TournamentRecord } from '@golf/shared/schedule/tournament-record';
import { teamRepository } from '../../db/repositories/team-repository';

/** What freezes a round's teams, or null while they can still change (before the deadline or settlement). */
export function freezeStamp(stored: StoredRound, now: Date): string | null {
  if (isBeforeDeadline(now.toISOString(), stored.deadline_at)) return null;
  const settled = stored.settled_at ?? (stored.results === 'final' ? 'final' : null);
  return settled === null ? null : `${stored.deadline_at}|${settled}`;
}

export interface RoundEntries {
  /** Teams with at least one pick. */
  teams: number;
  /** Every player they pick, once. */
  players: string[];
}

/** The round's teams in brief: the frozen round's summary (one Get), else read from its team items. */
export async function roundEntries(
  record: TournamentRecord,
  round: number,
  now: Date,
): Promise<RoundEntries> {
  const summary = await currentSummary(record, round, now);
  if (summary) return { teams: summary.teams, players: summary.players };
  const teams = (await teamRepository.listRound(record.game_global_id, round)).filter(
    (team) => team.picks.length > 0,
  );
  return {
    teams: teams.length,
    players: [...new Set(teams.flatMap((team) => team.picks.map((pick) => pick.player_id)))],
  };
}

/** The round's summary when its teams are frozen and the summary describes that freeze. */
async function currentSummary(record: TournamentRecord, round: number, now: Date) {
  const stamp = freezeStamp(record.rounds[round - 1]!, now);
  if (stamp === null) return undefined;
  const summary = await teamRepository.getSummary(record.game_global_id, round);
  return summary?.stamp === stamp ? summary : undefined;
}

/**
 * How many of the round's teams (with at least one pick) there are: the frozen round's summary
 * (one Get), else a COUNT query of the round's team items (read, not returned: docs/operations.md).
 */
export async function teamsOfRound(record: TournamentRecord, round: number, now: Date): Promise<number> {
  const summary = await currentSummary(record, round, now);
  if (summary) return summary.teams;
  return teamRepository.countWithPicks(record.game_global_id, round);
}

/** How many of the round's teams pick the player: from the frozen round's summary, else a COUNT query. */
export async function teamsHolding(
  record: TournamentRecord,
  round: number,
  playerId: string,
  now: Date,
): Promise<number> {
  const summary = await currentSummary(record, round, now);
  if (summary?.holders) {
    const index = summary.players.indexOf(playerId);
    return index < 0 ? 0 : (summary.holders[index] ?? 0);
  }
  return teamRepository.countHolding(record.game_global_id, round, playerId);
}
