import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../local-stack/paths';
import { generatedFiles } from './generate';

describe('files generated from the route table', () => {
  it('are committed as `npm run docs:api` writes them', async () => {
    for (const [path, text] of Object.entries(await generatedFiles())) {
      expect(readFileSync(join(repositoryRoot, path), 'utf8'), `${path} is stale: run npm run docs:api`).toBe(
        text,
      );
    }
  });
});
