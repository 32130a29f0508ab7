import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './local-stack/paths';

/**
 * The documents name files that exist: every path from the repository's root in backticks (a
 * module, a folder, a test) and every relative link. A placeholder (`<area>`, `*`, `{stage}`) is
 * no path; what a build or a bench writes is absent from a fresh clone.
 */
const documents = [
  'README.md',
  'CONTRIBUTING.md',
  'frontend/README.md',
  ...readdirSync(join(repositoryRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  ...readdirSync(join(repositoryRoot, 'docs/adr')).map((name) => `docs/adr/${name}`),
];
const fromRoot = /^(functions|shared|frontend|infra|scripts|tests|docs|bench|\.github)\//;
const placeholder = /[<>*{}$]|\.\.\.|…/;
const written = /^(bench\/results\/|frontend\/dist|infra\/cdk\.out)/;

function namedPaths(document: string): string[] {
  const text = readFileSync(join(repositoryRoot, document), 'utf8');
  const inCode = [...text.matchAll(/`([^`\s]+)`/g)]
    .map(([, path]) => path!.replace(/[.,:;)]+$/, ''))
    .filter((path) => fromRoot.test(path));
  const linked = [...text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
    .map(([, target]) => target!)
    .filter((target) => !/^[a-z]+:/.test(target))
    .map((target) => join(dirname(document), target));
  return [...new Set([...inCode, ...linked])].filter(
    (path) => !placeholder.test(path) && !written.test(path),
  );
}

describe('the documents', () => {
  it.each(documents)('%s names only files that exist', (document) => {
    const paths = namedPaths(document);
    expect(paths.filter((path) => !existsSync(join(repositoryRoot, path)))).toEqual([]);
  });

  it('are read for paths at all', () => {
    expect(namedPaths('docs/architecture.md')).toContain('functions/src/db/keys.ts');
  });
});
