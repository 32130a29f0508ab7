/** The operator's imports of a tournament's files, as use cases (see operator-use-case.ts). */
import type { RouteBody } from '@golf/shared/contracts';
import type { ImportResult } from '@golf/shared/schemas/game';
import type { ResultsPreview } from '@golf/shared/schemas/ops';
import { recordMetric } from '../../lib/metrics';
import { importResults, importTournament } from '../game/import-service';
import { publishedAfter, type Operator } from './operator-use-case';
import { previewResultsImport } from './results-preview';

/** An import that wrote counts in the `Imports` metric. */
function countedImport(result: ImportResult): ImportResult {
  if (result.imported && !result.already_done) recordMetric('Imports');
  return result;
}

/** Imports a tournament file: the tournament, its rounds and its field. */
export async function importTournamentAction(
  body: RouteBody<'importTournament'>,
  { operatorId, now }: Operator,
): Promise<ImportResult> {
  return countedImport(await importTournament(body.format, body.content, now, body.dry_run, operatorId));
}

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
