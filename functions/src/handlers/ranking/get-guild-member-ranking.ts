import { rankingPerPageDefault } from '@golf/shared/schemas/ranking';
import { guildMemberRankingPage } from '../../domain/ranking/read/ranking-read';
import { httpHandler } from '../../adapters/http-handler';
import { getGuildMemberRankingRoute } from '@golf/shared/routes/ranking';

export const handler = httpHandler(getGuildMemberRankingRoute, async ({ query, auth, now }) =>
  guildMemberRankingPage(auth.userId, { ...query, perPage: rankingPerPageDefault }, now),
);
