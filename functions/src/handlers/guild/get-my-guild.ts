import type { MyGuild } from '@golf/shared/schemas/guild';
import { myGuild } from '../../domain/guild/guild-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getMyGuild', async ({ auth }): Promise<MyGuild> => myGuild(auth.userId));
