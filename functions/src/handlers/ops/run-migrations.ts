import { runMigrations } from '../../domain/migrations/runner';
import { httpHandler } from '../../adapters/http-handler';
import { runMigrationsRoute } from '@golf/shared/routes/game';

/** Well under the API function's 10 s timeout, so a call always answers what it did. */
const CALL_BUDGET_MS = 6_000;

export const handler = httpHandler(runMigrationsRoute, async ({ now }) =>
  runMigrations({ now, budgetMs: CALL_BUDGET_MS }),
);
