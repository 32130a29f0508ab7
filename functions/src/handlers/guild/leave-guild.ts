import type { LeaveResult } from '@golf/shared/schemas/guild';
import { leaveGuild } from '../../domain/guild/guild-service';
import { httpHandler } from '../../adapters/http-handler';
import { leaveGuildRoute } from '@golf/shared/routes/guild';

export const handler = httpHandler(leaveGuildRoute, async ({ params, auth, now }): Promise<LeaveResult> =>
  leaveGuild({ userId: auth.userId, guildId: params.id, now }),
);
