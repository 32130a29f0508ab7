import { describe, expect, it } from 'vitest';
import { routeList } from '../../shared/src/contracts';
import { relative } from 'node:path';
import { checkLeadingKeys } from '../lib/aws-sdk-usage';
import { repositoryRoot } from '../lib/paths';
import { signInFunctions } from '../lib/stacks/auth-stack';
import { repositoryTableUse } from '../../scripts/lint/repository-table-use';
import { reachedRepositoryFunctions } from '../../scripts/lint/route-grants';

describe('the partitions each route row names (aws.keys)', () => {
  it('stops the synth for a row with table access and no partitions, or a read-only row that writes', () => {
    expect(() => checkLeadingKeys('saveTeam', { table: 'write' })).toThrow(/names no partition/);
    expect(() =>
      checkLeadingKeys('getMyScore', { table: 'read', keys: { read: [], write: ['TEAM#'] } }),
    ).toThrow(/read-only/);
    for (const route of routeList()) expect(() => checkLeadingKeys(route.name, route.aws)).not.toThrow();
  });
});

describe('the partitions of the functions sign-in runs through', () => {
  it('are exactly those their code can reach: the custom sign-in its grants', () => {
    for (const fn of Object.values(signInFunctions)) {
      const entry = relative(repositoryRoot, fn.entry);
      const { uses, problems } = reachedRepositoryFunctions(entry, repositoryTableUse);
      expect(problems, entry).toEqual([]);
      const reached = new Set(uses.flatMap(({ keys }) => [...(keys.read ?? []), ...(keys.write ?? [])]));
      const { write = [] } = fn.aws.keys as { write?: readonly string[] };
      expect([...reached].sort(), entry).toEqual([...write].sort());
    }
    expect(signInFunctions.CustomSignIn.aws.keys).toEqual({ write: ['MAILTOKEN#'] });
  });
});
