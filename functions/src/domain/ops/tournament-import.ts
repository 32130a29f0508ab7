/**
 * The operator's import of a tournament file, as a use case (see operator-use-case.ts). It changes
 * no result, so it has nothing to publish; it imports nothing of the rankings, and so neither does
 * its function's bundle.
 */
import type { RouteBody } from '@golf/shared/contracts';
import type { ImportResult } from '@golf/shared/schemas/game';
import { recordMetric } from '../../lib/metrics';
import { importTournament } from '../game/import-service';
import type { Operator } from './operator-use-case';

/** An import that wrote counts in the `Imports` metric. */
export function countedImport(result: ImportResult): ImportResult {
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
