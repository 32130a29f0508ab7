import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from './local-stack/paths';

/**
 * The lint rules of .oxlintrc.json on code that breaks them and on code that keeps them, in a scratch
 * copy of the repository's lint and TypeScript configuration: the layer zones (`no-restricted-imports`),
 * the import cycles (`import/no-cycle`), the project's own rules (scripts/lint/golf-plugin.js) and the
 * type-aware promise rules. Each case is
 * a file of its own in the folder whose rules it tries; one oxlint run lints the files that break a
 * rule, and must fail, and another the files that keep them, and must pass.
 */
interface Case {
  /** Where the file lies: its folder picks the rules that apply. */
  file: string;
  code: string;
  /** The rule each report must come from, as oxlint names it; or each report's rule, when they differ. */
  rule: string | string[];
  /** How many reports the file gets. */
  reports: number;
  /** A text every report's message or help holds. */
  message?: string;
}

const restricted = 'eslint(no-restricted-imports)';
const cycle = 'import(no-cycle)';
/** Each feature's zone, read from the file's own folder (scripts/lint/golf-plugin.js). */
const features = 'golf(feature-boundaries)';
const importOf = (source: string) => `import { x } from '${source}';\nexport const y = x;\n`;

/** One import per zone that its folder may not make, and one it may. */
const zones: Array<{
  folder: string;
  refused: string;
  allowed: string;
  extension?: string;
  /** Where another rule than `no-restricted-imports` keeps the zone, or more rules than one. */
  rule?: string | string[];
}> = [
  {
    folder: 'functions/src/handlers/game',
    refused: '../../jobs/ranking',
    allowed: '../../domain/game/team-service',
  },
  { folder: 'functions/src/domain/game', refused: '../../handlers/game/save-pick', allowed: '../../db/keys' },
  // The ranking's rules are pure; its reads and writes reach the table.
  {
    folder: 'functions/src/domain/ranking/rules',
    refused: '@golf/functions/db/repositories/team-repository',
    allowed: './rank-index',
  },
  {
    folder: 'functions/src/domain/ranking/io',
    refused: '@golf/functions/handlers/game/save-pick',
    allowed: '@golf/functions/db/repositories/team-repository',
  },
  { folder: 'functions/src/db/repositories', refused: '../../adapters/mail', allowed: '../keys' },
  { folder: 'functions/src/lib', refused: '../db/keys', allowed: './config' },
  { folder: 'functions/src/lib', refused: '@golf/functions/db/keys', allowed: '@golf/shared/game/ranking' },
  { folder: 'functions/src/adapters', refused: '../domain/game/team-service', allowed: '../db/keys' },
  { folder: 'functions/src/jobs', refused: '../db/keys', allowed: '../domain/ranking/job/publish-job' },
  { folder: 'functions/src/triggers', refused: '../db/keys', allowed: '../adapters/identity/identity-port' },
  { folder: 'shared/src/game', refused: '../../functions/src/lib/config', allowed: './ranking' },
  {
    folder: 'scripts/seed',
    refused: '../../frontend/src/features/game/api/get-round',
    allowed: '../../functions/src/db/keys',
  },
  { folder: 'frontend/src/components/ui', refused: '@/features/game/api/get-round', allowed: '@/lib/format' },
  { folder: 'frontend/src/lib', refused: '../routes/index', allowed: './format' },
  { folder: 'frontend/src/config', refused: '../scripts/local-stack/paths', allowed: '../lib/format' },
  { folder: 'infra/lib/stacks', refused: '#scripts/local-stack/paths', allowed: '../paths' },
  // A feature uses another's api/ calls, never its components, and its own files freely.
  {
    folder: 'frontend/src/features/home/components',
    refused: '../../topics/components/topic-item',
    allowed: '../../topics/api/get-topics',
    rule: features,
  },
  {
    folder: 'frontend/src/features/home/components',
    refused: '@/features/topics/components/topic-item',
    allowed: '../api/own-call',
    rule: features,
  },
  {
    folder: 'frontend/src/features/home',
    refused: '../../routes/index',
    allowed: '@/lib/format',
    rule: features,
  },
  // The path to scripts/ also climbs more than two folders: both patterns refuse it.
  {
    folder: 'frontend/src/features/quiz/api',
    refused: '../../../../../scripts/local-stack/paths',
    allowed: '@/lib/api-client',
    rule: [features, restricted, restricted],
  },
  // A route reaches the API through a feature's api/ hooks.
  { folder: 'frontend/src/routes', refused: '../lib/api', allowed: '../lib/api-client', extension: 'tsx' },
];

/**
 * In each of frontend/'s folders whose own import rules replace the deep-import one: a path three
 * folders up, the same module through `@/`, and a module two folders up.
 */
const deepImports: Array<{ folder: string; deep: string; alias: string; near: string }> = [
  {
    folder: 'frontend/src/routes/schedule/round/$round',
    deep: '../../../../features/game/api/get-round',
    alias: '@/features/game/api/get-round',
    near: '../../index',
  },
  {
    folder: 'frontend/src/features/game/components/round',
    deep: '../../../../lib/format',
    alias: '@/lib/format',
    near: '../../api/get-round',
  },
  {
    folder: 'frontend/src/components/ui/forms',
    deep: '../../../lib/format',
    alias: '@/lib/format',
    near: '../../layout',
  },
  {
    folder: 'frontend/src/lib/api/calls',
    deep: '../../../config/pages',
    alias: '@/config/pages',
    near: '../../format',
  },
  {
    folder: 'frontend/test/screens/support',
    deep: '../../../src/app',
    alias: '@/app',
    near: '../render-app',
  },
];

/**
 * Outside the SPA, an import climbs at most two folders, in a zone's files as in the others and the
 * tests: another workspace is imported by its package name, the root's scripts/ by `#scripts/`.
 */
const deepImportFiles = [
  'functions/src/handlers/game/deep-import.ts',
  'functions/src/domain/game/deep-import.ts',
  'functions/src/db/repositories/deep-import.ts',
  'functions/src/domain/game/deep-import.test.ts',
  'shared/src/game/deep-import.ts',
  'tests/api/support/deep-import.ts',
  'tests/e2e/support/deep-import.ts',
  'infra/lib/stacks/deep-import.ts',
  'infra/test/deep-import.test.ts',
  'scripts/seed/deep-import.ts',
];
/**
 * Deployed code (the functions, shared/, the CDK app and the SPA's source) imports nothing of
 * scripts/, by a path or by `#scripts/`, in every zone, whichever block sets its import rules.
 */
const deployedFolders = [
  'functions/src/handlers/game',
  'functions/src/domain/game',
  'functions/src/domain/ranking/rules',
  'functions/src/db/repositories',
  'functions/src/adapters',
  'functions/src/jobs',
  'functions/src/triggers',
  'functions/src/lib',
  'shared/src/game',
  'infra/lib/stacks',
  'frontend/src/config',
  'frontend/src/components/ui',
  'frontend/src/lib',
  'frontend/src/routes',
  'frontend/src/features/quiz/api',
];
const importsAcrossWorkspaces = [
  { file: 'tests/api/support/by-package.ts', code: importOf('@golf/functions/db/keys') },
  { file: 'tests/e2e/support/by-package.ts', code: importOf('#scripts/local-stack/paths') },
  { file: 'infra/lib/stacks/by-package.ts', code: importOf('@golf/shared/contracts') },
  { file: 'functions/src/domain/game/two-up.test.ts', code: importOf('../../db/keys') },
];

const queryKeysByHand = [
  "import { useQueryClient } from '@tanstack/react-query';",
  "export const mine = { queryKey: ['guild', 'mine'] };",
  'export function useRefresh() {',
  '  const queryClient = useQueryClient();',
  "  queryClient.setQueryData(['quiz', 'active'], null);",
  "  return queryClient.invalidateQueries({ queryKey: ['ops'] });",
  '}',
  '',
].join('\n');
const queryKeysFromFactory = queryKeysByHand
  .replace("['guild', 'mine']", 'queryKeys.guild.mine')
  .replace("['quiz', 'active']", 'queryKeys.quiz.active')
  .replace("['ops']", 'queryKeys.ops.all');
const tableItem = "export const item = (id: string) => ({ PK: `USER#${id}`, SK: 'PROFILE' });\n";
const hostClock = 'export const at = Date.now();\nexport const day = new Date();\n';

const breaking: Case[] = [
  ...zones.map(({ folder, refused, extension = 'ts', rule = restricted }, i) => ({
    file: `${folder}/refused-${i}.${extension}`,
    code: importOf(refused),
    rule,
    reports: Array.isArray(rule) ? rule.length : 1,
  })),
  // Anywhere in frontend/, a module three folders up or more is reached through `@/`.
  ...deepImports.map(({ folder, deep }, i) => ({
    file: `${folder}/climbs-${i}.tsx`,
    code: importOf(deep),
    rule: restricted,
    reports: 1,
    message: 'through the `@/` alias',
  })),
  ...deepImportFiles.map((file) => ({
    file,
    code: importOf('../../../a/b'),
    rule: restricted,
    reports: 1,
    message: 'climbs at most two folders',
  })),
  {
    file: 'functions/src/handlers/game/imports-a-repository.ts',
    code: "import { teamRepository } from '../../db/repositories/team-repository';\nexport const x = teamRepository;\n",
    rule: restricted,
    reports: 1,
    message: 'only repositories know DynamoDB',
  },
  // An adapter never reaches an entry point, not even for a type.
  {
    file: 'functions/src/adapters/imports-a-job.ts',
    code: "import { handler } from '../jobs/ranking';\nexport const x = handler;\n",
    rule: restricted,
    reports: 1,
    message: 'never a use case or an entry point',
  },
  {
    file: 'functions/src/adapters/identity/imports-a-job-type.ts',
    code: "import type * as senderJob from '../../jobs/reminder-sender';\nexport type Run = typeof senderJob.handler;\n",
    rule: restricted,
    reports: 1,
    message: 'never a use case or an entry point',
  },
  {
    file: 'functions/src/domain/ranking/rules/reads-the-game-clock.ts',
    code: "import { now } from '@golf/functions/lib/clock';\nexport const at = now();\n",
    rule: restricted,
    reports: 1,
    message: 'it is given `now`',
  },
  {
    file: 'functions/src/domain/ranking/rules/calls-a-job-step.ts',
    code: "import { keptSeasonPoints } from '../io/season-points';\nexport const x = keptSeasonPoints;\n",
    rule: restricted,
    reports: 1,
    message: 'A ranking rule is pure',
  },
  // The same, named by the functions' package or from two folders up; a job's start is I/O too.
  ...[
    '@golf/functions/domain/ranking/job/publish-job',
    '../../ranking/read/ranking-read',
    '@golf/functions/domain/job-runs/start-ranking-job',
  ].map((source, i) => ({
    file: `functions/src/domain/ranking/rules/calls-a-job-step-${i}.ts`,
    code: importOf(source),
    rule: restricted,
    reports: 1,
    message: 'A ranking rule is pure',
  })),
  {
    file: 'functions/src/domain/ranking/rules/imports-a-handler.ts',
    code: "import { handler } from '@golf/functions/handlers/game/save-pick';\nexport const x = handler;\n",
    rule: restricted,
    reports: 1,
    message: 'never the other way',
  },
  ...deployedFolders.map((folder, i) => ({
    file: `${folder}/imports-scripts-${i}.${folder.startsWith('frontend/src/routes') ? 'tsx' : 'ts'}`,
    code: importOf('#scripts/local-stack/paths'),
    rule: restricted,
    reports: 1,
  })),
  {
    file: 'functions/src/db/repositories/imports-the-domain.ts',
    code: "import { savePick } from '../../domain/game/team-service';\nexport const x = savePick;\n",
    rule: restricted,
    reports: 1,
    message: 'Repositories do not know the domain',
  },
  {
    file: 'frontend/src/routes/calls-the-api.tsx',
    code: "import { apiRequest } from '../lib/api-client';\nexport const x = apiRequest;\n",
    rule: restricted,
    reports: 1,
    message: "through a feature's api/ hooks",
  },
  {
    file: 'functions/src/db/repositories/spells-a-key.ts',
    code: tableItem,
    rule: 'golf(keys-in-keys-module)',
    reports: 2,
    message: 'functions/src/db/keys.ts',
  },
  {
    file: 'frontend/src/features/guild/api/key-by-hand.ts',
    code: queryKeysByHand,
    rule: 'golf(query-keys-from-factory)',
    reports: 3,
    message: 'Take the key from queryKeys',
  },
  {
    file: 'functions/src/domain/game/reads-the-host-clock.ts',
    code: hostClock,
    rule: 'golf(game-clock)',
    reports: 2,
    message: 'Read the game clock',
  },
  {
    file: 'shared/src/game/named-zod.ts',
    code: "import { z } from 'zod';\nexport const name = z.string();\n",
    rule: 'golf(zod-namespace)',
    reports: 1,
    message: "import * as z from 'zod'",
  },
  // Two modules that import each other, whatever the folder.
  ...['a', 'b'].map((name) => ({
    file: `functions/src/domain/game/cycle-${name}.ts`,
    code: `import { ${name === 'a' ? 'b' : 'a'} } from './cycle-${name === 'a' ? 'b' : 'a'}';\nexport const ${name} = () => ${name === 'a' ? 'b' : 'a'};\n`,
    rule: cycle,
    reports: 1,
  })),
  // The type-aware rules, one in each TypeScript project: the Node code's and the SPA's.
  {
    file: 'functions/src/domain/game/promise-nobody-awaits.ts',
    code: 'async function save() {}\nexport function run() {\n  save();\n}\n',
    rule: 'typescript(no-floating-promises)',
    reports: 1,
  },
  {
    file: 'frontend/src/features/guild/async-callback.ts',
    code: 'async function save() {}\nexport function run(ids: string[]) {\n  ids.forEach(async () => {\n    await save();\n  });\n}\n',
    rule: 'typescript(no-misused-promises)',
    reports: 1,
  },
];

const keeping: Array<Pick<Case, 'file' | 'code'>> = [
  ...deepImports.flatMap(({ folder, alias, near }, i) => [
    { file: `${folder}/aliased-${i}.tsx`, code: importOf(alias) },
    { file: `${folder}/near-${i}.tsx`, code: importOf(near) },
  ]),
  ...zones.map(({ folder, allowed, extension = 'ts' }, i) => ({
    file: `${folder}/allowed-${i}.${extension}`,
    code: importOf(allowed),
  })),
  ...importsAcrossWorkspaces,
  {
    file: 'frontend/src/routes/takes-a-helper.tsx',
    code: "import { isApiError } from '../lib/api-client';\nexport const x = isApiError;\n",
  },
  { file: 'functions/src/db/keys.ts', code: tableItem },
  // A ranking rule uses the other rules, by path or by the functions' package.
  {
    file: 'functions/src/domain/ranking/rules/uses-a-rule.ts',
    code: importOf('@golf/functions/domain/ranking/rules/rank-index'),
  },
  // A ranking rule takes stored records as plain data: their types come from their repositories.
  {
    file: 'functions/src/domain/ranking/rules/takes-a-record.ts',
    code: "import type { TeamRecord } from '@golf/functions/db/repositories/team-repository';\nexport const count = (teams: TeamRecord[]) => teams.length;\n",
  },
  {
    file: 'frontend/src/features/guild/api/key-from-factory.ts',
    code: `import { queryKeys } from '@/lib/query-keys';\n${queryKeysFromFactory}`,
  },
  // The destructured key of a predicate is no key written by hand.
  {
    file: 'frontend/src/features/guild/api/predicate.ts',
    code: "export const p = ({ queryKey: [area] }: { queryKey: unknown[] }) => area === 'x';\n",
  },
  { file: 'frontend/src/lib/query-keys.ts', code: queryKeysByHand },
  { file: 'functions/src/lib/clock.ts', code: hostClock },
  { file: 'functions/src/domain/game/a-given-instant.ts', code: 'export const start = new Date(0);\n' },
  {
    file: 'shared/src/game/zod-namespace.ts',
    code: "import * as z from 'zod';\nexport const name = z.string();\n",
  },
  // Modules that import each other's types only: no cycle at run time.
  ...['a', 'b'].map((name) => ({
    file: `shared/src/game/type-cycle-${name}.ts`,
    code: `import type { ${name === 'a' ? 'B' : 'A'} } from './type-cycle-${name === 'a' ? 'b' : 'a'}';\nexport interface ${name.toUpperCase()} {\n  other?: ${name === 'a' ? 'B' : 'A'};\n}\n`,
  })),
  {
    file: 'functions/src/domain/game/awaited.ts',
    code: 'async function save() {}\nexport async function run() {\n  await save();\n}\n',
  },
  {
    file: 'frontend/src/features/guild/awaited-loop.ts',
    code: 'async function save() {}\nexport async function run(ids: string[]) {\n  for (const _ of ids) await save();\n}\n',
  },
];

interface Report {
  code: string;
  message: string;
  help?: string;
  filename: string;
}

/** A scratch folder with the repository's lint and TypeScript configuration and its node_modules. */
function scratchCopy(): string {
  const scratch = mkdtempSync(join(tmpdir(), 'golf-lint-'));
  for (const config of [
    '.oxlintrc.json',
    'scripts/lint/golf-plugin.js',
    'package.json',
    'tsconfig.json',
    'tsconfig.base.json',
    'frontend/tsconfig.json',
  ]) {
    mkdirSync(join(scratch, config, '..'), { recursive: true });
    cpSync(join(repositoryRoot, config), join(scratch, config));
  }
  symlinkSync(join(repositoryRoot, 'node_modules'), join(scratch, 'node_modules'), 'dir');
  // The feature zones are read from the SPA's feature folders.
  for (const feature of readdirSync(join(repositoryRoot, 'frontend/src/features')))
    mkdirSync(join(scratch, 'frontend/src/features', feature), { recursive: true });
  return scratch;
}

/** oxlint, as `npm run lint` runs it, on `files` of the scratch copy: its exit status and reports. */
function lint(
  scratch: string,
  files: readonly string[],
): { status: number | null; reports: Report[]; output: string } {
  const run = spawnSync(
    process.execPath,
    [
      join(repositoryRoot, 'node_modules/oxlint/bin/oxlint'),
      '--type-aware',
      '--deny-warnings',
      '--format',
      'json',
      ...files,
    ],
    { cwd: scratch, encoding: 'utf8' },
  );
  const output = run.stdout + run.stderr;
  const start = run.stdout.indexOf('{');
  const { diagnostics = [] } =
    start < 0 ? {} : (JSON.parse(run.stdout.slice(start)) as { diagnostics?: Report[] });
  return { status: run.status, reports: diagnostics, output };
}

describe('lint on a scratch copy', () => {
  let scratch = '';
  let refusal: ReturnType<typeof lint>;
  let keptRun: ReturnType<typeof lint>;

  beforeAll(() => {
    scratch = scratchCopy();
    for (const { file, code } of [...breaking, ...keeping]) {
      mkdirSync(join(scratch, file, '..'), { recursive: true });
      writeFileSync(join(scratch, file), code);
    }
    refusal = lint(
      scratch,
      breaking.map(({ file }) => file),
    );
    keptRun = lint(
      scratch,
      keeping.map(({ file }) => file),
    );
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('fails on code that breaks a rule', () => {
    expect(refusal.status, refusal.output).toBe(1);
  });

  it.each(breaking)('refuses $file ($rule)', ({ file, rule, reports, message }) => {
    const found = refusal.reports.filter((report) => report.filename === file);
    expect(found.map((report) => report.code).sort(), refusal.output).toEqual(
      Array.isArray(rule) ? [...rule].sort() : Array.from({ length: reports }, () => rule),
    );
    if (message)
      for (const report of found) expect(`${report.message} ${report.help ?? ''}`).toContain(message);
  });

  it('passes the same folders when they keep the rules', () => {
    expect(keptRun.reports, keptRun.output).toEqual([]);
    expect(keptRun.status).toBe(0);
  });
});
