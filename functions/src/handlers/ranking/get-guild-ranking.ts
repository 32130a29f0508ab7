import { rankingPerPageDefault } from '@golf/shared/schemas/ranking';
import { guildRankingPage } from '../../domain/ranking/read/ranking-read';
import { httpHandler } from '../../adapters/http-handler';
import { getGuildRankingRoute } from '@golf/shared/routes/ranking';

export const handler = httpHandler(getGuildRankingRoute, async ({ query, now }) =>
  guildRankingPage('GUILD', { ...query, perPage: rankingPerPageDefault }, now),
);
