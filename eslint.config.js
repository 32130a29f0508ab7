import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** The SPA's feature folders: each may use another's `api/` calls, never its other files. */
const features = readdirSync(join(import.meta.dirname, 'frontend/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Layer zones (docs/architecture.md, Layers): for each folder, the folders of ours its code may not
 * import, with the reason lint prints. Tests (`*.test.ts`) may reach across to exercise a layer.
 * A folder missing here is not checked: add its zone with it.
 */
/** Code that runs in Lambda imports zod as a namespace (see the rule's block below). */
const zodNamespaceImport = {
  selector:
    "ImportDeclaration[source.value='zod'] > :matches(ImportSpecifier[imported.name='z'], ImportDefaultSpecifier)",
  message: "Use `import * as z from 'zod'`, which esbuild tree-shakes in the Lambda bundles.",
};
const outOf = (folders) => `(^|/)(${folders.join('|')})/`;
const functionsZones = [
  {
    folder: 'functions/src/handlers',
    forbidden: ['db', 'jobs', 'triggers'],
    message: 'Handlers call domain services through the http wrapper; only repositories know DynamoDB.',
  },
  {
    folder: 'functions/src/domain',
    forbidden: ['handlers', 'jobs', 'triggers'],
    message: 'The domain is called by handlers, jobs and triggers, never the other way.',
  },
  {
    folder: 'functions/src/db',
    forbidden: ['domain', 'handlers', 'jobs', 'triggers', 'adapters'],
    message: 'Repositories do not know the domain or the plumbing over them; the domain calls them.',
  },
  {
    folder: 'functions/src/adapters',
    forbidden: ['domain', 'handlers', 'triggers'],
    message: 'Adapters are plumbing under the domain: they may use db/ and lib/, never the callers.',
  },
  {
    folder: 'functions/src/jobs',
    forbidden: ['db', 'handlers', 'triggers', 'adapters'],
    message: 'A job entry is thin: it calls a domain service.',
  },
  {
    folder: 'functions/src/triggers',
    forbidden: ['db', 'handlers', 'jobs'],
    message: 'A trigger calls the domain or an adapter, never a repository or another entry point.',
  },
];

const keysInKeysModule = {
  selector:
    'Property[key.name=/^(PK|SK|GSI[0-9]+PK|GSI[0-9]+SK)$/][value.type=/^(Literal|TemplateLiteral)$/]',
  message: 'Build table keys in functions/src/db/keys.ts and spread them here.',
};

/** The SPA's react-query keys are built in one factory, so a query and what refreshes it agree. */
const queryKeyMessage =
  'Take the key from queryKeys (frontend/src/lib/query-keys.ts), which every query and refresh share.';
const queryKeysFromFactory = [
  { selector: "Property[key.name='queryKey'] > ArrayExpression.value", message: queryKeyMessage },
  {
    selector:
      'CallExpression[callee.property.name=/^(get|set)Quer(y|ies)Data$/] > ArrayExpression.arguments:first-child',
    message: queryKeyMessage,
  },
];

const hostClock = [
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message:
      'Read the game clock (functions/src/lib/clock.ts: nowMs()), which the local stack and tests move.',
  },
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'Read the game clock (functions/src/lib/clock.ts: now()), which the local stack and tests move.',
  },
];

// The type-aware rules (a promise nobody awaits loses its failure; a promise where a callback is
// expected is never awaited) run in oxlint with TypeScript 7's checker (.oxlintrc.json, `npm run
// lint`): ESLint here reads syntax only, so it builds no TypeScript program.
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
      'no-restricted-syntax': ['error', zodNamespaceImport],
    },
  },
  {
    // Keys are spelled in db/keys.ts only (docs/data-model.md lists them): a key built anywhere else
    // drifts from the table's access patterns unseen. The game's time comes from one port
    // (functions/src/lib/clock.ts), which the local stack and the tests set and move; the host's own
    // time is read through it too, by name (hostTimeMs), where it is meant.
    files: ['functions/src/**/*.ts'],
    ignores: ['functions/src/db/keys.ts', 'functions/src/lib/clock.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', zodNamespaceImport, keysInKeysModule, ...hostClock],
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
    // A key written by hand drifts from the factory's: its invalidation then matches nothing, unseen.
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['frontend/src/lib/query-keys.ts'],
    rules: { 'no-restricted-syntax': ['error', ...queryKeysFromFactory] },
  },
  ...functionsZones.map(({ folder, forbidden, message }) => ({
    files: [`${folder}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: outOf(forbidden), message },
            { regex: '(^|/)scripts/', message: 'Deployed code never imports scripts/.' },
          ],
        },
      ],
    },
  })),
  {
    // The bottom layer: configuration, errors, the logger, AWS access, caches. It imports nothing of ours but shared/.
    files: ['functions/src/lib/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./',
              message:
                'functions/src/lib imports nothing of ours but shared/; plumbing over db/ lives in adapters/.',
            },
          ],
        },
      ],
    },
  },
  {
    // shared/ is the bottom of every workspace: the browser and the functions both load it.
    files: ['shared/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(functions|frontend|infra|scripts)/|^@golf/functions',
              message: 'shared/ imports no workspace: the functions and the SPA import it.',
            },
          ],
        },
      ],
    },
  },
  {
    // The local stack, seed, CLI and benches drive the code; nothing deployed imports them.
    files: ['infra/lib/**/*.ts', 'frontend/src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      'frontend/src/features/**',
      'frontend/src/routes/**',
      'frontend/src/components/**',
      'frontend/src/lib/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)scripts/', message: 'Deployed code never imports scripts/.' }] },
      ],
    },
  },
  {
    // Shared UI and plumbing of the SPA: used by features and routes, never using them.
    files: ['frontend/src/components/**/*.{ts,tsx}', 'frontend/src/lib/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/|(\\.\\./)+)(features|routes)/',
              message: 'components/ and lib/ are used by features and routes, never the other way.',
            },
            { regex: '(^|/)scripts/', message: 'Deployed code never imports scripts/.' },
          ],
        },
      ],
    },
  },
  {
    // Tooling (local stack, seed, CLI, benches) drives the SPA through a browser, never its screens' modules.
    files: ['scripts/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'frontend/src/(features|routes|components)/',
              message: "Scripts reach the SPA through a browser or its config/lib, never a screen's modules.",
            },
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
            { regex: '^(@/|(\\.\\./)+)routes/', message: 'Routes use features, never the other way.' },
            { regex: '(^|/)scripts/', message: 'Deployed code never imports scripts/.' },
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
