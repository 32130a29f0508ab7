import { importBodySchema, type ImportResult } from '@golf/shared/schemas/game';
import { importResults } from '../../domain/game/import-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'importResults',
  { body: importBodySchema },
  async ({ body, now }): Promise<ImportResult> => importResults(body.format, body.content, now, body.dry_run),
);
