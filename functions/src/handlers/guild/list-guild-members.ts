import type { GuildMemberList } from '@golf/shared/schemas/guild';
import { listMembers } from '../../domain/guild/guild-service';
import { httpHandler } from '../../adapters/http-handler';
import { listGuildMembersRoute } from '@golf/shared/routes/guild';

export const handler = httpHandler(
  listGuildMembersRoute,
  async ({ params, auth }): Promise<GuildMemberList> => listMembers(auth.userId, params.id),
);
