import type { ImportResult } from '@golf/shared/schemas/game';
import type { ResultsPreview } from '@golf/shared/schemas/ops';
import { importResults } from '../../domain/game/import-service';
import { previewResultsImport } from '../../domain/ops/results-preview';
import { rankingsChanged } from '../../domain/ranking/job/rankings-changed';
import { httpHandler } from '../../adapters/http-handler';
import { recordMetric } from '../../lib/metrics';
import { importResultsRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(
  importResultsRoute,
  async ({ body, auth, now }): Promise<ImportResult & { preview?: ResultsPreview }> => {
    const result = await importResults(body.format, body.content, now, body.dry_run, auth.userId);
    // A dry run also lists what the import would change (the file is valid once importResults returns).
    if (!result.imported)
      return { ...result, preview: await previewResultsImport(body.format, body.content) };
    if (result.already_done) return result;
    recordMetric('Imports');
    // The ranking job publishes the change in the background; readers switch when it is complete.
    await rankingsChanged(result.game_global_id, now);
    return result;
  },
);
