import type { MyGuild } from '@golf/shared/schemas/guild';
import { myGuild } from '../../domain/guild/guild-service';
import { httpHandler } from '../../adapters/http-handler';
import { getMyGuildRoute } from '@golf/shared/routes/guild';

export const handler = httpHandler(getMyGuildRoute, async ({ auth }): Promise<MyGuild> =>
  myGuild(auth.userId),
);
