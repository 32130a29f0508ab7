import { ESLint } from 'eslint';
import { join } from 'node:path';
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
  const [result] = await eslint.lintText(code, { filePath: join(repositoryRoot, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layer rules', () => {
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
