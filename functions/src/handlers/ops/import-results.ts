import { importBodySchema, type ImportResult } from '@golf/shared/schemas/game';
import { importResults } from '../../domain/game/import-service';
import { recomputeRankings } from '../../domain/ranking/ranking-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'importResults',
  { body: importBodySchema },
  async ({ body, now }): Promise<ImportResult> => {
    const result = await importResults(body.format, body.content, now, body.dry_run);
    // Rankings follow at once: readers switch to the new snapshot when it is complete.
    if (result.imported) await recomputeRankings(result.game_global_id, now);
    return result;
  },
);
