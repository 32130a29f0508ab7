import { describe, expect, it } from 'vitest';
import type { AwsAccess } from '@golf/shared/contracts';
import { AccessDeniedError, checkAwsAction, runWithAwsAccess } from './aws-access';

const inputs = 'ranking-inputs/teams/G/R1.json.gz';
const upload = 'uploads/share/a.png';

describe('object grants by prefix', () => {
  it.each<[AwsAccess, string, boolean]>([
    [{ table: 'none', uploads: ['GetObject'] }, inputs, false],
    [{ table: 'none', rankingInputs: ['GetObject'] }, inputs, true],
    [{ table: 'none', rankingInputs: ['GetObject'] }, upload, false],
    [{ table: 'none', uploads: ['GetObject'] }, upload, true],
  ])('%j reading %s: allowed %s', async (access, key, allowed) => {
    const read = runWithAwsAccess('job', access, async () => checkAwsAction('s3', 'GetObject', key));
    if (allowed) await expect(read).resolves.toBeUndefined();
    else await expect(read).rejects.toBeInstanceOf(AccessDeniedError);
  });
});
