import { importBodySchema, type ImportResult } from '@golf/shared/schemas/game';
import { importResults } from '../../domain/game/import-service';
import { rankingsChanged } from '../../domain/ranking/rankings-changed';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'importResults',
  { body: importBodySchema },
  async ({ body, now }): Promise<ImportResult> => {
    const result = await importResults(body.format, body.content, now, body.dry_run);
    // The ranking job publishes the change in the background; readers switch when it is complete.
    if (result.imported) await rankingsChanged(result.game_global_id, now);
    return result;
  },
);
