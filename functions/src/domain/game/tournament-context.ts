import {
  pickTeam,
  rankPlayers,
  aiScore,
  type AiMode,
  type PlayerStats,
} from '@golf/shared/game/ai-selection';
import { currentTournament, deriveSchedule } from '@golf/shared/schedule/derive-schedule';
import type { FieldEntryRecord, TournamentRecord } from '@golf/shared/schedule/tournament-record';
import { playerRepository, type PlayerProfileRecord } from '../../db/repositories/player-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { notFound } from '../../lib/errors';
import { aiStats, ineligibility } from './players';

/** The tournament asked for, or the current one when no id is given (404 when there is none). */
export async function resolveTournament(
  gameGlobalId: string | undefined,
  now: Date,
): Promise<TournamentRecord> {
  let record: TournamentRecord | undefined;
  if (gameGlobalId) record = await tournamentRepository.get(gameGlobalId);
  else {
    const all = await tournamentRepository.list();
    record = currentTournament(all.map((r) => ({ ...deriveSchedule(r, now), record: r })))?.record;
  }
  if (!record) throw notFound('大会が見つかりませんでした。');
  return record;
}

export interface RoundContext {
  record: TournamentRecord;
  round: number;
  field: FieldEntryRecord[];
  byId: Map<string, FieldEntryRecord>;
  profiles: Map<string, PlayerProfileRecord>;
  /** AI stats of the players eligible for the round. */
  eligible: PlayerStats[];
}

export async function loadRoundContext(
  record: TournamentRecord,
  round: number,
  /** `asOf`: eligibility from the statuses recorded before this instant (a round's deadline). */
  options: { profiles?: boolean; asOf?: string } = {},
): Promise<RoundContext> {
  const field = await tournamentRepository.field(record.game_global_id);
  const profiles =
    options.profiles === false ? new Map() : await playerRepository.getMany(field.map((e) => e.player_id));
  const byId = new Map(field.map((entry) => [entry.player_id, entry]));
  const eligible = field
    .filter((entry) => ineligibility(entry, round, options.asOf) === null)
    .map((entry) => aiStats(entry, profiles.get(entry.player_id), round));
  return { record, round, field, byId, profiles, eligible };
}

/** The AI team of a mode for the round, best first, and each player's value. */
export function aiTeam(context: RoundContext, mode: AiMode): Array<{ player_id: string; value: number }> {
  const byId = new Map(context.eligible.map((s) => [s.player_id, s]));
  return pickTeam(mode, context.eligible).map((id) => ({
    player_id: id,
    value: aiScore(mode, byId.get(id)!),
  }));
}

export { rankPlayers };
