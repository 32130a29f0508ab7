import { CHAT_RATE_LIMIT, postChat } from '../../domain/guild/guild-service';
import { AppError } from '../../lib/errors';
import { HttpResponse, httpHandler } from '../../adapters/http-handler';
import { postGuildChatRoute } from '@golf/shared/routes/guild';

export const handler = httpHandler(
  postGuildChatRoute,
  async ({ params, body, auth, now }): Promise<HttpResponse> => {
    try {
      return new HttpResponse(
        201,
        await postChat({ userId: auth.userId, guildId: params.id, message: body.message, now }),
      );
    } catch (error) {
      // A refused post says when to try again (docs/api.md: 429 carries Retry-After).
      if (error instanceof AppError && error.statusCode === 429)
        return new HttpResponse(429, error.toBody(), {
          'retry-after': String(CHAT_RATE_LIMIT.windowSeconds),
        });
      throw error;
    }
  },
);
