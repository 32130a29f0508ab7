import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from '../local-stack/paths';
import { renderApiDocs } from './api-docs';
import { renderApiRoutes } from './api-routes';
import { renderRankingApi, renderRankingRules } from './ranking-docs';
import { isEntryPoint } from '../entry-point';
import { formatted } from '../format';

/**
 * The files generated from the route table and the table of personal rankings, by path from the
 * repository root, formatted as `oxfmt --check` wants them.
 */
export async function generatedFiles(): Promise<Record<string, string>> {
  const renderers: Record<string, (current: string) => string | Promise<string>> = {
    'frontend/src/lib/api-routes.gen.ts': () => renderApiRoutes(),
    'docs/api.md': async (current) => renderRankingApi(await renderApiDocs(current)),
    'docs/game-rules.md': renderRankingRules,
  };
  const files: Record<string, string> = {};
  for (const [path, render] of Object.entries(renderers)) {
    const file = join(repositoryRoot, path);
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      // A first generation.
    }
    files[path] = await formatted(file, await render(current));
  }
  return files;
}

/** `npm run docs:api`: writes every generated file. */
if (isEntryPoint(import.meta.url)) {
  for (const [path, text] of Object.entries(await generatedFiles())) {
    writeFileSync(join(repositoryRoot, path), text);
    console.log(`wrote ${path}`);
  }
}
