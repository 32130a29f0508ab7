import type { GuildMemberList } from '@golf/shared/schemas/guild';
import { kickMember } from '../../domain/guild/guild-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('kickGuildMember', async ({ params, auth }): Promise<GuildMemberList> =>
  kickMember({ userId: auth.userId, guildId: params.id, memberId: params.user_id }),
);
