import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Where a stack started from a seed template keeps its emulators' files, and what it does with
 * them: a copy of the template's (already seeded), or, for the first stack of the season day, empty
 * folders it seeds and then publishes as the template.
 */
export interface SeedTemplateClaim {
  /** DynamoDB Local's `-dbPath`. */
  dynamoDir: string;
  /** s3rver's directory. */
  s3Dir: string;
  /** True when the folders hold a copy of the seeded template. */
  seeded: boolean;
  /** Keeps this stack's seeded files as the template (once it seeded; nothing for a copy). */
  publish(): void;
  /** Removes this stack's files, and gives up the template's creation if it was not published. */
  release(): void;
}

/** How long a stack waits for another process that is seeding the template. */
const creationTimeoutMs = 180_000;

/**
 * Seeding the sample season costs a stack about 15 s of CPU (docs/performance.md, "Test suite and
 * CI time"); the test suites and the benches' smoke runs start a dozen seeded stacks. Given the
 * same `root` (npm test makes one per run: `LOCAL_SEED_TEMPLATE`), the first stack of a season day
 * seeds as always, into files, and copies them into `root`; every later one starts its DynamoDB
 * Local (on `-dbPath`) and s3rver from a copy of those files, a few milliseconds for 13 MB. The
 * season is then the one seeded at the template's instant, as if that stack had run since: the
 * template is keyed by the season day (the sample season's layout changes only when it turns).
 * Processes share `root` safely: the creator holds a lock folder while it seeds, and the template
 * appears at once (renamed into place) or not at all.
 */
export async function claimSeedTemplate(root: string, seasonDay: string): Promise<SeedTemplateClaim> {
  mkdirSync(root, { recursive: true });
  const template = join(root, `season-${seasonDay}`);
  const lock = `${template}.lock`;
  const own = mkdtempSync(join(root, 'stack-'));
  const dynamoDir = join(own, 'dynamodb');
  const s3Dir = join(own, 's3');
  const removeOwn = () => rmSync(own, { recursive: true, force: true });
  const deadline = Date.now() + creationTimeoutMs;
  for (;;) {
    if (existsSync(template)) {
      cpSync(join(template, 'dynamodb'), dynamoDir, { recursive: true });
      cpSync(join(template, 's3'), s3Dir, { recursive: true });
      return { dynamoDir, s3Dir, seeded: true, publish: () => undefined, release: removeOwn };
    }
    try {
      mkdirSync(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > deadline) {
        removeOwn();
        throw new Error(`the seed template ${template} was not ready after ${creationTimeoutMs / 1000} s`);
      }
      await sleep(200);
      continue;
    }
    let published = false;
    return {
      dynamoDir,
      s3Dir,
      seeded: false,
      // DynamoDB Local commits each write to its SQLite file (no write-ahead log), so the files
      // copied once seeding ended are whole, while this stack keeps using its own.
      publish: () => {
        const building = `${template}.building`;
        rmSync(building, { recursive: true, force: true });
        cpSync(dynamoDir, join(building, 'dynamodb'), { recursive: true });
        cpSync(s3Dir, join(building, 's3'), { recursive: true });
        renameSync(building, template);
        published = true;
      },
      release: () => {
        if (!published) rmSync(lock, { recursive: true, force: true });
        removeOwn();
      },
    };
  }
}

/** The variable that names the seed templates' folder shared by a run's processes. */
export const seedTemplateVariable = 'LOCAL_SEED_TEMPLATE';

/**
 * The seed templates' folder of this run: the one `LOCAL_SEED_TEMPLATE` names, or a new one (in
 * memory, /dev/shm, where there is one) that this process puts in the variable for the processes
 * it starts, and takes away with `remove()`.
 */
export function seedTemplateRoot(): { root: string; remove(): void } {
  const given = process.env[seedTemplateVariable];
  if (given) return { root: given, remove: () => undefined };
  const root = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'golf-seed-'));
  process.env[seedTemplateVariable] = root;
  const remove = () => {
    rmSync(root, { recursive: true, force: true });
    delete process.env[seedTemplateVariable];
  };
  // Gone with this process too, should it end before its own clean-up (a run stopped half-way).
  process.once('exit', remove);
  return { root, remove };
}
