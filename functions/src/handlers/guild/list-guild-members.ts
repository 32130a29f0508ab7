import type { GuildMemberList } from '@golf/shared/schemas/guild';
import { listMembers } from '../../domain/guild/guild-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('listGuildMembers', async ({ params, auth }): Promise<GuildMemberList> =>
  listMembers(auth.userId, params.id),
);
