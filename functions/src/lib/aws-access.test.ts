import { describe, expect, it } from 'vitest';
import { AccessDeniedError, checkAwsAction, runWithAwsAccess } from './aws-access';

const attempt = (access: Parameters<typeof runWithAwsAccess>[1], key: string) =>
  runWithAwsAccess('job', access, async () => checkAwsAction('s3', 'GetObject', key));

describe('object grants by prefix', () => {
  it("lets only the ranking inputs' grant read ranking-inputs/, and only the uploads' grant read the rest", async () => {
    await expect(
      attempt({ table: 'none', uploads: ['GetObject'] }, 'ranking-inputs/teams/G/R1.json.gz'),
    ).rejects.toBeInstanceOf(AccessDeniedError);
    await expect(
      attempt({ table: 'none', rankingInputs: ['GetObject'] }, 'ranking-inputs/teams/G/R1.json.gz'),
    ).resolves.toBeUndefined();
    await expect(
      attempt({ table: 'none', rankingInputs: ['GetObject'] }, 'uploads/share/a.png'),
    ).rejects.toBeInstanceOf(AccessDeniedError);
    await expect(
      attempt({ table: 'none', uploads: ['GetObject'] }, 'uploads/share/a.png'),
    ).resolves.toBeUndefined();
  });
});
