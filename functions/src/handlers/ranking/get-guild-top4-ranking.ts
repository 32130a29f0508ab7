import { rankingPerPageDefault } from '@golf/shared/schemas/ranking';
import { guildRankingPage } from '../../domain/ranking/read/ranking-read';
import { httpHandler } from '../../adapters/http-handler';
import { getGuildTop4RankingRoute } from '@golf/shared/routes/ranking';

export const handler = httpHandler(getGuildTop4RankingRoute, async ({ query, now }) =>
  guildRankingPage('GUILD_TOP4', { ...query, perPage: rankingPerPageDefault }, now),
);
