import type { AuditRecord } from '@golf/shared/schemas/game';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client';
import { fromItem } from '../item';
import { keys } from '../keys';
import { queryAll } from '../query-all';
import type { TableUse } from '../table-use';

const auditItem = (record: AuditRecord) => ({
  ...keys.audit(record.game_global_id, record.at, record.id),
  entity: 'audit',
  ...record,
});

/** The transaction item that writes an audit record once (its id is a ULID), beside the change it records. */
export const auditPut = (audit: AuditRecord) => ({
  Put: { TableName: tableName(), Item: auditItem(audit), ConditionExpression: 'attribute_not_exists(PK)' },
});

/** Operators' changes to a tournament (who, when, why, before, after), written with the change itself. */
export const auditRepository = {
  /** An action's entry on its own, for an action whose writes are not one transaction (imports, draws). */
  async put(audit: AuditRecord): Promise<void> {
    await db().send(new PutCommand(auditPut(audit).Put));
  },

  async list(gameGlobalId: string): Promise<AuditRecord[]> {
    const items = await queryAll<Record<string, unknown>>({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.auditPartition(gameGlobalId) },
    });
    return items.map((item) => fromItem<AuditRecord>(item));
  },
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  auditPut: { write: ['AUDIT#'] },
  auditRepository: {
    put: { write: ['AUDIT#'] },
    list: { read: ['AUDIT#'] },
  },
} satisfies TableUse<{ auditRepository: typeof auditRepository; auditPut: typeof auditPut }>;
