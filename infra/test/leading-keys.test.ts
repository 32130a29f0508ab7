import { describe, expect, it } from 'vitest';
import { routeList } from '../../shared/src/contracts';
import { checkLeadingKeys } from '../lib/aws-sdk-usage';

describe('the partitions each route row names (aws.keys)', () => {
  it('stops the synth for a row with table access and no partitions, or a read-only row that writes', () => {
    expect(() => checkLeadingKeys('saveTeam', { table: 'write' })).toThrow(/names no partition/);
    expect(() =>
      checkLeadingKeys('getMyScore', { table: 'read', keys: { read: [], write: ['TEAM#'] } }),
    ).toThrow(/read-only/);
    for (const route of routeList()) expect(() => checkLeadingKeys(route.name, route.aws)).not.toThrow();
  });
});
