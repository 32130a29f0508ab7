/** The operator's import of a round's results, as a use case (see operator-use-case.ts). */
import type { RouteBody } from '@golf/shared/contracts';
import type { ImportResult } from '@golf/shared/schemas/game';
import type { ResultsPreview } from '@golf/shared/schemas/ops';
import { importResults } from '../game/import-service';
import { publishedAfter, type Operator } from './operator-use-case';
import { previewResultsImport } from './results-preview';
import { countedImport } from './tournament-import';

/**
 * Imports a results file. A dry run also lists what the import would change (the file is valid once
 * importResults returns); an import that wrote has the rankings published again.
 */
export async function importResultsAction(
  body: RouteBody<'importResults'>,
  { operatorId, now }: Operator,
): Promise<ImportResult & { preview?: ResultsPreview }> {
  const result = countedImport(await importResults(body.format, body.content, now, body.dry_run, operatorId));
  if (!result.imported) return { ...result, preview: await previewResultsImport(body.format, body.content) };
  return publishedAfter(result, result.game_global_id, now, !result.already_done);
}
