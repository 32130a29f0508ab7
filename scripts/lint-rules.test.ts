import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './local-stack/paths';

/** The layer rules of eslint.config.js, on code that breaks them. */
const eslint = new ESLint({ cwd: repositoryRoot });

async function restrictedImports(file: string, code: string): Promise<string[]> {
  return messages(file, code, 'no-restricted-imports');
}

async function messages(file: string, code: string, rule: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repositoryRoot, file) });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

/** One import per zone that its folder may not make, and one it may. */
const zones: Array<{ file: string; refused: string; allowed: string }> = [
  {
    file: 'functions/src/handlers/game/example.ts',
    refused: '../../jobs/ranking',
    allowed: '../../domain/game/team-service',
  },
  {
    file: 'functions/src/domain/game/example.ts',
    refused: '../../handlers/game/save-pick',
    allowed: '../../db/keys',
  },
  { file: 'functions/src/db/repositories/example.ts', refused: '../../adapters/mail', allowed: '../keys' },
  { file: 'functions/src/lib/example.ts', refused: '../db/keys', allowed: './config' },
  {
    file: 'functions/src/adapters/example.ts',
    refused: '../domain/game/team-service',
    allowed: '../db/keys',
  },
  { file: 'functions/src/jobs/example.ts', refused: '../db/keys', allowed: '../domain/ranking/publish-job' },
  {
    file: 'functions/src/triggers/example.ts',
    refused: '../db/keys',
    allowed: '../adapters/identity/identity-port',
  },
  { file: 'shared/src/game/example.ts', refused: '../../../functions/src/lib/config', allowed: './ranking' },
  {
    file: 'scripts/seed/example.ts',
    refused: '../../frontend/src/features/game/api/get-round',
    allowed: '../../functions/src/db/keys',
  },
  {
    file: 'frontend/src/components/ui/example.ts',
    refused: '@/features/game/api/get-round',
    allowed: '@/lib/format',
  },
  { file: 'frontend/src/lib/example.ts', refused: '../routes/index', allowed: './format' },
  {
    file: 'frontend/src/config/example.ts',
    refused: '../../../scripts/local-stack/paths',
    allowed: '../lib/format',
  },
  { file: 'infra/lib/stacks/example.ts', refused: '../../../scripts/local-stack/paths', allowed: '../paths' },
];

describe('layer rules', () => {
  it.each(zones)(
    'refuse what $file may not import, and take what it may',
    async ({ file, refused, allowed }) => {
      expect(
        await restrictedImports(file, `import { x } from '${refused}';\nexport const y = x;\n`),
      ).toHaveLength(1);
      expect(
        await restrictedImports(file, `import { x } from '${allowed}';\nexport const y = x;\n`),
      ).toHaveLength(0);
    },
  );

  it('refuse a table key spelled outside db/keys.ts', async () => {
    const item = "export const item = (id: string) => ({ PK: `USER#${id}`, SK: 'PROFILE' });\n";
    expect(
      await messages('functions/src/db/repositories/example.ts', item, 'no-restricted-syntax'),
    ).toHaveLength(2);
    expect(await messages('functions/src/db/keys.ts', item, 'no-restricted-syntax')).toHaveLength(0);
  });

  it('refuse a query key written by hand in the SPA, and take it from the factory', async () => {
    const byHand = [
      "import { useQueryClient } from '@tanstack/react-query';",
      "export const mine = { queryKey: ['guild', 'mine'] };",
      'export function useRefresh() {',
      '  const queryClient = useQueryClient();',
      "  queryClient.setQueryData(['quiz', 'active'], null);",
      "  return queryClient.invalidateQueries({ queryKey: ['ops'] });",
      '}',
      '',
    ].join('\n');
    const fromFactory = byHand
      .replace("['guild', 'mine']", 'queryKeys.guild.mine')
      .replace("['quiz', 'active']", 'queryKeys.quiz.active')
      .replace("['ops']", 'queryKeys.ops.all');
    const file = 'frontend/src/features/guild/api/example.ts';
    expect(await messages(file, byHand, 'no-restricted-syntax')).toHaveLength(3);
    expect(await messages(file, fromFactory, 'no-restricted-syntax')).toHaveLength(0);
    // The destructured key of a predicate is no key written by hand.
    const predicate = "export const p = ({ queryKey: [area] }: { queryKey: unknown[] }) => area === 'x';\n";
    expect(await messages(file, predicate, 'no-restricted-syntax')).toHaveLength(0);
    expect(await messages('frontend/src/lib/query-keys.ts', byHand, 'no-restricted-syntax')).toHaveLength(0);
  });

  it('refuse a handler that imports a repository', async () => {
    expect(
      await restrictedImports(
        'functions/src/handlers/game/example.ts',
        "import { teamRepository } from '../../db/repositories/team-repository';\nexport const x = teamRepository;\n",
      ),
    ).toHaveLength(1);
  });

  it('refuse a repository that imports the domain', async () => {
    expect(
      await restrictedImports(
        'functions/src/db/repositories/example.ts',
        "import { savePick } from '../../domain/game/team-service';\nexport const x = savePick;\n",
      ),
    ).toHaveLength(1);
  });

  it("let a feature use another's api/ calls, but not its components", async () => {
    const file = 'frontend/src/features/home/components/example.ts';
    expect(
      await restrictedImports(
        file,
        "import { topicsQueryOptions } from '../../topics/api/get-topics';\nexport const x = topicsQueryOptions;\n",
      ),
    ).toHaveLength(0);
    expect(
      await restrictedImports(
        file,
        "import { TopicLine } from '../../topics/components/topic-item';\nexport const x = TopicLine;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports(file, "import { x as y } from '../api/own-call';\nexport const x = y;\n"),
    ).toHaveLength(0);
  });

  it('refuse a route that calls the API itself', async () => {
    const file = 'frontend/src/routes/example.tsx';
    expect(
      await restrictedImports(file, "import { api } from '../lib/api';\nexport const x = api;\n"),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        file,
        "import { apiRequest } from '../lib/api-client';\nexport const x = apiRequest;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        file,
        "import { isApiError } from '../lib/api-client';\nexport const x = isApiError;\n",
      ),
    ).toHaveLength(0);
  });
});

/**
 * Files that each break one rule, and the same files keeping it: the CLI's exit code tells them apart.
 * One CLI run lints them all (each run loads ESLint and its plugins afresh, about 3 s of CPU).
 */
const scratchCases = [
  {
    rule: 'a handler importing a repository',
    file: 'functions/src/handlers/game/example.ts',
    refused: "import { keys } from '../../db/keys';\nexport const key = keys;\n",
    message: 'only repositories know DynamoDB',
    kept: "import { x } from '../../domain/game/team-service';\nexport const y = x;\n",
  },
  {
    rule: 'a query key written by hand',
    file: 'frontend/src/features/guild/api/example.ts',
    refused: "export const mine = { queryKey: ['guild', 'mine'] };\n",
    message: 'Take the key from queryKeys',
    kept: "import { queryKeys } from '@/lib/query-keys';\nexport const mine = { queryKey: queryKeys.guild.mine };\n",
  },
];

/**
 * The type-aware promise rules (.oxlintrc.json, run by oxlint with TypeScript 7's checker), one in
 * each TypeScript project: the Node code's and the SPA's.
 */
const promiseCases = [
  {
    rule: 'a promise nobody awaits',
    file: 'functions/src/domain/game/example.ts',
    refused: 'async function save() {}\nexport function run() {\n  save();\n}\n',
    message: 'no-floating-promises',
    kept: 'async function save() {}\nexport async function run() {\n  await save();\n}\n',
  },
  {
    rule: 'an async callback where a void one is expected',
    file: 'frontend/src/features/guild/example.ts',
    refused:
      'async function save() {}\nexport function run(ids: string[]) {\n  ids.forEach(async () => {\n    await save();\n  });\n}\n',
    message: 'no-misused-promises',
    kept: 'async function save() {}\nexport async function run(ids: string[]) {\n  for (const _ of ids) await save();\n}\n',
  },
];

/** A scratch folder with the repository's lint and TypeScript configuration and its node_modules. */
function withScratchCopy(files: readonly string[], check: (scratch: string) => void) {
  const scratch = mkdtempSync(join(tmpdir(), 'golf-lint-'));
  try {
    for (const config of [
      'eslint.config.js',
      '.oxlintrc.json',
      'package.json',
      'tsconfig.json',
      'tsconfig.base.json',
      'frontend/tsconfig.json',
    ])
      cpSync(join(repositoryRoot, config), join(scratch, config));
    symlinkSync(join(repositoryRoot, 'node_modules'), join(scratch, 'node_modules'), 'dir');
    // The ESLint config reads the SPA's feature folders.
    for (const feature of readdirSync(join(repositoryRoot, 'frontend/src/features')))
      mkdirSync(join(scratch, 'frontend/src/features', feature), { recursive: true });
    for (const file of files) mkdirSync(join(scratch, file, '..'), { recursive: true });
    check(scratch);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

describe('lint on a scratch copy', () => {
  it(`fails on ${promiseCases.map(({ rule }) => rule).join(' and on ')}, and passes without them`, () => {
    const files = promiseCases.map(({ file }) => file);
    withScratchCopy(files, (scratch) => {
      const lint = () => {
        const run = spawnSync(
          process.execPath,
          [
            join(repositoryRoot, 'node_modules/oxlint/bin/oxlint'),
            '--type-aware',
            '--deny-warnings',
            ...files,
          ],
          { cwd: scratch, encoding: 'utf8' },
        );
        // oxlint colours its report where it thinks a terminal reads it (CI=true, for one).
        return { status: run.status, output: stripVTControlCharacters(run.stdout + run.stderr) };
      };
      for (const { file, refused } of promiseCases) writeFileSync(join(scratch, file), refused);
      const refusal = lint();
      expect(refusal.status).toBe(1);
      // Each report names its rule, then the file and line it points at.
      for (const { file, message } of promiseCases)
        expect(refusal.output).toMatch(new RegExp(`${message}\\).*\\n.*\\[${file}:`));
      expect(refusal.output).toContain('2 errors');
      for (const { file, kept } of promiseCases) writeFileSync(join(scratch, file), kept);
      expect(lint().status).toBe(0);
    });
  });

  it(`fails on ${scratchCases.map(({ rule }) => rule).join(' and on ')}, and passes without them`, () => {
    withScratchCopy(
      scratchCases.map(({ file }) => file),
      (scratch) => {
        const lint = () => {
          const run = spawnSync(
            process.execPath,
            [
              join(repositoryRoot, 'node_modules/eslint/bin/eslint.js'),
              ...scratchCases.map(({ file }) => file),
            ],
            { cwd: scratch, encoding: 'utf8' },
          );
          return { status: run.status, output: run.stdout + run.stderr };
        };
        for (const { file, refused } of scratchCases) writeFileSync(join(scratch, file), refused);
        const refusal = lint();
        expect(refusal.status).toBe(1);
        for (const { file, message } of scratchCases) {
          // Each file's report is headed by its path: the message is found under its own file.
          const report = refusal.output.split(/\n(?=\/)/).find((part) => part.includes(file));
          expect(report).toContain(message);
        }
        for (const { file, kept } of scratchCases) writeFileSync(join(scratch, file), kept);
        expect(lint()).toEqual({ status: 0, output: '' });
      },
    );
  });
});
