import type { LeaveResult } from '@golf/shared/schemas/guild';
import { leaveGuild } from '../../domain/guild/guild-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('leaveGuild', async ({ params, auth }): Promise<LeaveResult> =>
  leaveGuild({ userId: auth.userId, guildId: params.id }),
);
