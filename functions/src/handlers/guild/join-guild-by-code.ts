import type { JoinResult } from '@golf/shared/schemas/guild';
import { joinGuildByCode } from '../../domain/guild/guild-service';
import { httpHandler } from '../../adapters/http-handler';
import { joinGuildByCodeRoute } from '@golf/shared/routes/guild';

export const handler = httpHandler(joinGuildByCodeRoute, async ({ body, auth, now }): Promise<JoinResult> =>
  joinGuildByCode({ userId: auth.userId, code: body.code, now }),
);
