import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './local-stack/paths';

/** The layer rules of eslint.config.js, on code that breaks them (type-aware rules left to `npm run lint`). */
const eslint = new ESLint({
  cwd: repositoryRoot,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
    },
  },
});

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

describe('lint on a scratch copy', () => {
  it('fails when a handler imports a repository, and passes without it', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'golf-lint-'));
    try {
      for (const file of ['eslint.config.js', 'package.json', 'tsconfig.json', 'tsconfig.base.json'])
        cpSync(join(repositoryRoot, file), join(scratch, file));
      symlinkSync(join(repositoryRoot, 'node_modules'), join(scratch, 'node_modules'), 'dir');
      // The config reads the SPA's feature folders.
      for (const feature of readdirSync(join(repositoryRoot, 'frontend/src/features')))
        mkdirSync(join(scratch, 'frontend/src/features', feature), { recursive: true });
      const handler = join(scratch, 'functions/src/handlers/game/example.ts');
      mkdirSync(join(handler, '..'), { recursive: true });
      const lint = () => {
        const run = spawnSync(
          process.execPath,
          [
            join(repositoryRoot, 'node_modules/eslint/bin/eslint.js'),
            '--rule',
            '{"@typescript-eslint/no-floating-promises":"off","@typescript-eslint/no-misused-promises":"off"}',
            '--parser-options',
            '{"projectService":false}',
            'functions/src/handlers/game/example.ts',
          ],
          { cwd: scratch, encoding: 'utf8' },
        );
        return { status: run.status, output: run.stdout + run.stderr };
      };
      writeFileSync(handler, "import { keys } from '../../db/keys';\nexport const key = keys;\n");
      const refused = lint();
      expect(refused.status).toBe(1);
      expect(refused.output).toContain('only repositories know DynamoDB');
      writeFileSync(handler, "import { x } from '../../domain/game/team-service';\nexport const y = x;\n");
      expect(lint()).toEqual({ status: 0, output: '' });
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
