import { rankingPerPageDefault } from '@golf/shared/schemas/ranking';
import { guildRankingPage } from '../../domain/ranking/ranking-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getGuildRanking', async ({ query, now }) =>
  guildRankingPage('GUILD', { ...query, perPage: rankingPerPageDefault }, now),
);
