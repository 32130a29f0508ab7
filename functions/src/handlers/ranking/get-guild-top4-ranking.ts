import { rankingPerPageDefault } from '@golf/shared/schemas/ranking';
import { guildRankingPage } from '../../domain/ranking/ranking-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getGuildTop4Ranking', async ({ query, now }) =>
  guildRankingPage('GUILD_TOP4', { ...query, perPage: rankingPerPageDefault }, now),
);
