/** What the console's correction form starts from: each player's stored values of one round. */
import { correctableRow, rowVersion } from '@golf/shared/game/correction';
import type { AuditRecord } from '@golf/shared/schemas/game';
import type { OpsRoundResults } from '@golf/shared/schemas/ops';
import { userRepository } from '../../db/repositories/user-repository';
import { auditRepository } from '../../db/repositories/audit-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { notFound } from '../../lib/errors';

/** The round's stored rows with their versions, in the field's stored order. */
export async function roundResultsForOperators(
  gameGlobalId: string,
  round: number,
): Promise<OpsRoundResults> {
  const [record, field] = await Promise.all([
    tournamentRepository.get(gameGlobalId),
    tournamentRepository.field(gameGlobalId),
  ]);
  if (!record) throw notFound('大会が見つかりませんでした。');
  return {
    game_global_id: gameGlobalId,
    round,
    results: record.rounds[round - 1]!.results,
    players: field.map((entry) => ({
      player_id: entry.player_id,
      name: entry.name,
      ...correctableRow(entry, round),
      version: rowVersion(entry, round),
    })),
  };
}

/**
 * The tournament's operator actions, newest first: who (by name: the entries keep the id, and an
 * operator who renames himself is shown by his name now), when, why, before and after.
 */
export async function auditLogForOperators(
  gameGlobalId: string,
): Promise<{ entries: Array<AuditRecord & { by_name: string }> }> {
  const entries = await auditRepository.list(gameGlobalId);
  const names = await userRepository.namesOf(entries.map((entry) => entry.by));
  return {
    entries: entries
      .sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id))
      .map((entry) => ({
        ...entry,
        by_name: names.get(entry.by) ?? entry.by,
      })),
  };
}
