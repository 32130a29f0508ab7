/**
 * The project's own lint rules, run by oxlint (`jsPlugins` in .oxlintrc.json): ESLint's rule API, each
 * rule a set of AST selectors with the message lint prints. .oxlintrc.json turns each on for the
 * folders it guards; scripts/lint-rules.test.ts breaks each one in a scratch copy and sees lint fail.
 * Plain JavaScript, as oxlint loads it without a TypeScript loader.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A rule that reports every node one of `selectors` matches, with its message.
 * @param {Record<string, string>} selectors selector → message
 */
function refusing(selectors) {
  return {
    meta: { type: 'problem', schema: [] },
    /** @param {{ report(report: { node: unknown; message: string }): void }} context */
    create(context) {
      return Object.fromEntries(
        Object.entries(selectors).map(([selector, message]) => [
          selector,
          /** @param {unknown} node */ (node) => context.report({ node, message }),
        ]),
      );
    },
  };
}

const queryKeyMessage =
  'Take the key from queryKeys (frontend/src/lib/query-keys.ts), which every query and refresh share.';

/** The SPA's feature folders: each may use another's `api/` calls, never its other files. */
const featuresFolder = join(import.meta.dirname, '../../frontend/src/features');
const features = readdirSync(featuresFolder, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The import sources a file of frontend/src/features/<feature>/ may not name: another feature's
 * files other than its `api/` calls, the routes, and scripts/.
 * @param {string} feature
 * @returns {Array<{ pattern: RegExp; message: string }>}
 */
function featureZone(feature) {
  const others = features.filter((name) => name !== feature).join('|');
  return [
    {
      pattern: new RegExp(`(^|/|@/)features/(?!${feature}/)[^/]+/(?!api/)|^(\\.\\./)+(${others})/(?!api/)`),
      message: "A feature uses another feature's api/ calls only; shared parts live in components/ or lib/.",
    },
    { pattern: /^(@\/|(\.\.\/)+)routes\//, message: 'Routes use features, never the other way.' },
    { pattern: /(^|\/)scripts\//, message: 'Deployed code never imports scripts/.' },
  ];
}

/** @type {Map<string, ReturnType<typeof featureZone>>} each feature's zone, built at its first file */
const zones = new Map();

/** Each feature's own zone: its folder, read from the file's path, so a new feature is covered at once. */
const featureBoundaries = {
  meta: { type: 'problem', schema: [] },
  /** @param {{ filename: string; report(report: { node: unknown; message: string }): void }} context */
  create(context) {
    const feature = /(?:^|\/)frontend\/src\/features\/([^/]+)\//.exec(context.filename)?.[1];
    if (!feature) return {};
    const zone = zones.get(feature) ?? featureZone(feature);
    zones.set(feature, zone);
    /** @param {{ source?: { value: unknown } | null }} node */
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      const broken = zone.find(({ pattern }) => pattern.test(source));
      if (broken) context.report({ node, message: broken.message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default {
  meta: { name: 'golf' },
  rules: {
    // Code that runs in Lambda: a named `z` import keeps the whole zod namespace (every locale, JSON
    // Schema) in each bundle, 360 KB that every cold start parses; `import * as z` tree-shakes.
    'zod-namespace': refusing({
      "ImportDeclaration[source.value='zod'] > :matches(ImportSpecifier[imported.name='z'], ImportDefaultSpecifier)":
        "Use `import * as z from 'zod'`, which esbuild tree-shakes in the Lambda bundles.",
    }),
    // Keys are spelled in db/keys.ts only (docs/data-model.md lists them): a key built anywhere else
    // drifts from the table's access patterns unseen.
    'keys-in-keys-module': refusing({
      'Property[key.name=/^(PK|SK|GSI[0-9]+PK|GSI[0-9]+SK)$/][value.type=/^(Literal|TemplateLiteral)$/]':
        'Build table keys in functions/src/db/keys.ts and spread them here.',
    }),
    // The game's time comes from one port (functions/src/lib/clock.ts), which the local stack and
    // the tests set and move; the host's own time is read through it too, by name (hostTimeMs).
    'game-clock': refusing({
      "CallExpression[callee.object.name='Date'][callee.property.name='now']":
        'Read the game clock (functions/src/lib/clock.ts: nowMs()), which the local stack and tests move.',
      "NewExpression[callee.name='Date'][arguments.length=0]":
        'Read the game clock (functions/src/lib/clock.ts: now()), which the local stack and tests move.',
    }),
    // The SPA's react-query keys are built in one factory, so a query and what refreshes it agree: a
    // key written by hand drifts from the factory's, and its invalidation then matches nothing.
    'query-keys-from-factory': refusing({
      "Property[key.name='queryKey'] > ArrayExpression.value": queryKeyMessage,
      'CallExpression[callee.property.name=/^(get|set)Quer(y|ies)Data$/] > ArrayExpression.arguments:first-child':
        queryKeyMessage,
    }),
    'feature-boundaries': featureBoundaries,
  },
};
