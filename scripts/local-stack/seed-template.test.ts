import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimSeedTemplate } from './seed-template';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'seed-template-test-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** What a stack's emulators would have written while seeding. */
function seedFiles(claim: { dynamoDir: string; s3Dir: string }, text: string) {
  mkdirSync(claim.dynamoDir, { recursive: true });
  mkdirSync(join(claim.s3Dir, 'golf-uploads'), { recursive: true });
  writeFileSync(join(claim.dynamoDir, 'shared-local-instance.db'), text);
  writeFileSync(join(claim.s3Dir, 'golf-uploads', 'object'), text);
}

const dbText = (claim: { dynamoDir: string }) =>
  readFileSync(join(claim.dynamoDir, 'shared-local-instance.db'), 'utf8');

describe('claimSeedTemplate', () => {
  it('has the first stack of a day seed, and starts later ones from a copy of what it published', async () => {
    const first = await claimSeedTemplate(root, '2026-11-27');
    expect(first.seeded).toBe(false);
    seedFiles(first, 'seeded season');
    first.publish();

    const second = await claimSeedTemplate(root, '2026-11-27');
    expect(second.seeded).toBe(true);
    expect(dbText(second)).toBe('seeded season');
    expect(readFileSync(join(second.s3Dir, 'golf-uploads', 'object'), 'utf8')).toBe('seeded season');

    // Each stack writes its own copy: the template and the others never change.
    writeFileSync(join(second.dynamoDir, 'shared-local-instance.db'), 'changed by a test');
    const third = await claimSeedTemplate(root, '2026-11-27');
    expect(dbText(third)).toBe('seeded season');
    expect(dbText(first)).toBe('seeded season');

    for (const claim of [first, second, third]) claim.release();
    expect(readdirSync(root).filter((name) => name.startsWith('stack-'))).toEqual([]);
    expect(existsSync(join(root, 'season-2026-11-27', 'dynamodb'))).toBe(true);
  });

  it('keeps one template per season day', async () => {
    const today = await claimSeedTemplate(root, '2026-11-27');
    seedFiles(today, 'today');
    today.publish();
    const tomorrow = await claimSeedTemplate(root, '2026-11-28');
    expect(tomorrow.seeded).toBe(false);
  });

  it('waits while another stack seeds the template, then copies it', async () => {
    const creator = await claimSeedTemplate(root, '2026-11-27');
    let waited = false;
    const waiting = claimSeedTemplate(root, '2026-11-27').then((claim) => {
      waited = true;
      return claim;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(waited).toBe(false);
    seedFiles(creator, 'seeded season');
    creator.publish();
    const copy = await waiting;
    expect(copy.seeded).toBe(true);
    expect(dbText(copy)).toBe('seeded season');
  });

  it('lets a waiting stack seed when the creator fails before publishing', async () => {
    const creator = await claimSeedTemplate(root, '2026-11-27');
    const waiting = claimSeedTemplate(root, '2026-11-27');
    creator.release();
    const next = await waiting;
    expect(next.seeded).toBe(false);
    expect(existsSync(join(root, 'season-2026-11-27'))).toBe(false);
  });
});
