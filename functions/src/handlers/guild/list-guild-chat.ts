import type { ChatPage } from '@golf/shared/schemas/guild';
import { listChat } from '../../domain/guild/guild-service';
import { httpHandler } from '../../adapters/http-handler';
import { listGuildChatRoute } from '@golf/shared/routes/guild';

export const handler = httpHandler(listGuildChatRoute, async ({ params, query, auth }): Promise<ChatPage> =>
  listChat({ userId: auth.userId, guildId: params.id, cursor: query.cursor, limit: query.limit }),
);
