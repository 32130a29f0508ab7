import { ulid } from 'ulid';
import type { AuditRecord } from '@golf/shared/schemas/game';
import { auditRepository } from '../../db/repositories/audit-repository';

type AuditFields = Pick<
  AuditRecord,
  'action' | 'game_global_id' | 'round' | 'reason' | 'before' | 'after' | 'note'
>;

/** An operator action's audit entry: who did it and when, beside what it changed. */
export function auditOf(actor: { operatorId: string; now: Date }, fields: AuditFields): AuditRecord {
  return {
    id: ulid(actor.now.getTime()),
    by: actor.operatorId,
    at: actor.now.toISOString(),
    ...fields,
  };
}

/**
 * The latest audit entry of an action on a tournament (and round, when given): what a repeated
 * final, draw or import answers with, so the operator sees when it was done and by whom. Null when
 * no entry was kept (an action done before such entries were written).
 */
export async function earlierAudit(
  gameGlobalId: string,
  action: AuditRecord['action'],
  round?: number,
): Promise<AuditRecord | null> {
  const entries = await auditRepository.list(gameGlobalId);
  const matching = entries.filter(
    (entry) => entry.action === action && (round === undefined || entry.round === round),
  );
  return matching.sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id))[0] ?? null;
}
