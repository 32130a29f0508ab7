import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** The SPA's feature folders: each may use another's `api/` calls, never its other files. */
const features = readdirSync(join(import.meta.dirname, 'frontend/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Layer rules (docs/architecture.md, Layers) as import restrictions, one block per folder; no file is exempt. */
const layerExceptions = { handlersImportingDb: [], dbImportingDomain: [] };

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '**/cdk.out/**',
      'frontend/src/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Code that runs in Lambda: a named `z` import keeps the whole zod namespace (every locale, JSON
    // Schema) in each bundle, 360 KB that every cold start parses; `import * as z` tree-shakes.
    files: ['shared/**/*.ts', 'functions/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='zod'] > :matches(ImportSpecifier[imported.name='z'], ImportDefaultSpecifier)",
          message: "Use `import * as z from 'zod'`, which esbuild tree-shakes in the Lambda bundles.",
        },
      ],
    },
  },
  {
    // A promise nobody awaits loses its failure; a promise where a callback is expected is never awaited.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['functions/src/handlers/**/*.ts'],
    ignores: layerExceptions.handlersImportingDb,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)db/', message: 'Handlers call domain services; only repositories know DynamoDB.' },
          ],
        },
      ],
    },
  },
  {
    files: ['functions/src/db/**/*.ts'],
    ignores: layerExceptions.dbImportingDomain,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)domain/', message: 'Repositories do not know the domain; the domain calls them.' },
          ],
        },
      ],
    },
  },
  ...features.map((feature) => ({
    files: [`frontend/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `(^|/|@/)features/(?!${feature}/)[^/]+/(?!api/)|^(\\.\\./)+(?!${feature}/)(${features.join('|')})/(?!api/)`,
              message:
                "A feature uses another feature's api/ calls only; shared parts live in components/ or lib/.",
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['frontend/src/routes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)lib/api$', message: "Routes reach the API through a feature's api/ hooks." },
            {
              regex: '(^|/)lib/api-client$',
              importNames: ['apiRequest'],
              message: "Routes reach the API through a feature's api/ hooks.",
            },
          ],
        },
      ],
    },
  },
);
