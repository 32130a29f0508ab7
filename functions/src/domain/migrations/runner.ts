/**
 * Runs the data migrations not applied yet (registry.ts), in order, each until it is done or the
 * time given is up, and records each one done in the table (`MIGRATION` / `{name}`) so that no run
 * does it again. A migration cut short is recorded nothing: the next run takes it up again, and the
 * ones after it wait for it (docs/deploy.md, "Data migrations").
 */
import type { MigrationRun } from '@golf/shared/schemas/ops';
import { migrationRepository } from '../../db/repositories/migration-repository';
import { hostTimeMs } from '../../lib/clock';
import { logger } from '../../lib/logger';
import type { Migration } from './migration';
import { migrations as registered } from './registry';

export async function runMigrations(options: {
  now: Date;
  /** How long this run may work (host time); a migration stops between pages once it is over. */
  budgetMs: number;
  migrations?: readonly Migration[];
}): Promise<MigrationRun> {
  const stopAt = hostTimeMs() + options.budgetMs;
  const timeLeft = () => hostTimeMs() < stopAt;
  const applied = await migrationRepository.applied();
  const run: MigrationRun = { migrations: [], done: true };
  for (const migration of options.migrations ?? registered) {
    const { name, description } = migration;
    if (applied.has(name)) {
      run.migrations.push({ name, description, state: 'applied_before', moved: 0 });
      continue;
    }
    if (!run.done) {
      run.migrations.push({ name, description, state: 'waiting', moved: 0 });
      continue;
    }
    const step = await migration.run({ now: options.now, timeLeft });
    if (step.done) await migrationRepository.recordApplied(name, options.now);
    else run.done = false;
    run.migrations.push({
      name,
      description,
      state: step.done ? 'applied' : 'unfinished',
      moved: step.moved,
    });
    logger.info('migration run', { name, done: step.done, moved: step.moved });
  }
  return run;
}

/** How long a job may spend on migrations left pending before its own work (its timeout is 5 minutes). */
const JOB_MIGRATION_BUDGET_MS = 2 * 60_000;

/**
 * Whether a job that stores what it makes of the teams (the settlement, the ranking) may do its
 * work: only once every migration is applied, else it would store a round whose teams are not all
 * moved yet (a settlement once done is not done again; a frozen round is kept). The one Query of
 * the records, and when some are pending, they are run first and the job's work waits for its next run.
 */
export async function migratedForJob(job: string, now: Date): Promise<boolean> {
  const applied = await migrationRepository.applied();
  if (registered.every((migration) => applied.has(migration.name))) return true;
  const run = await runMigrations({ now, budgetMs: JOB_MIGRATION_BUDGET_MS });
  logger.warn('job waits for the data migrations (npm run ops -- migrate)', { job, ...run });
  return false;
}
