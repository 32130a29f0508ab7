import type { ImportResult } from '@golf/shared/schemas/game';
import { importTournament } from '../../domain/game/import-service';
import { httpHandler } from '../../adapters/http-handler';
import { recordMetric } from '../../lib/metrics';
import { importTournamentRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(
  importTournamentRoute,
  async ({ body, auth, now }): Promise<ImportResult> => {
    const result = await importTournament(body.format, body.content, now, body.dry_run, auth.userId);
    if (result.imported && !result.already_done) recordMetric('Imports');
    return result;
  },
);
