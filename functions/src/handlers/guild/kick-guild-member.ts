import type { GuildMemberList } from '@golf/shared/schemas/guild';
import { kickMember } from '../../domain/guild/guild-service';
import { httpHandler } from '../../adapters/http-handler';
import { kickGuildMemberRoute } from '@golf/shared/routes/guild';

export const handler = httpHandler(
  kickGuildMemberRoute,
  async ({ params, auth, now }): Promise<GuildMemberList> =>
    kickMember({ userId: auth.userId, guildId: params.id, memberId: params.user_id, now }),
);
