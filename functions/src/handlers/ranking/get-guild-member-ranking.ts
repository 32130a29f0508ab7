import { rankingPerPageDefault } from '@golf/shared/schemas/ranking';
import { guildMemberRankingPage } from '../../domain/ranking/ranking-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getGuildMemberRanking', async ({ query, auth, now }) =>
  guildMemberRankingPage(auth.userId, { ...query, perPage: rankingPerPageDefault }, now),
);
