import { auditLogForOperators } from '../../domain/ops/round-results';
import { httpHandler } from '../../adapters/http-handler';
import { opsAuditLogRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(opsAuditLogRoute, async ({ query }) =>
  auditLogForOperators(query.game_global_id),
);
