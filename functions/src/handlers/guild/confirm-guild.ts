import type { GuildConfirm } from '@golf/shared/schemas/guild';
import { confirmGuild } from '../../domain/guild/guild-service';
import { httpHandler } from '../../adapters/http-handler';
import { confirmGuildRoute } from '@golf/shared/routes/guild';

export const handler = httpHandler(confirmGuildRoute, async ({ body, files, auth }): Promise<GuildConfirm> =>
  confirmGuild({ userId: auth.userId, form: body, file: files['guild_img'] }),
);
