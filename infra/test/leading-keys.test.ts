import { describe, expect, it } from 'vitest';
import { routeList } from '../../shared/src/contracts';
import { checkLeadingKeys, partitionsByEntry } from '../lib/aws-sdk-usage';
import { handlerEntry } from '../lib/paths';
import { signInFunctions } from '../lib/stacks/auth-stack';

const withTable = routeList().filter((route) => route.aws.table !== 'none');

describe('the partitions each route row names (aws.keys)', () => {
  it('covers every partition its handler’s code can reach', () => {
    const reachable = partitionsByEntry(withTable.map((route) => handlerEntry(route.handler)));
    const uncovered = withTable.flatMap((route) => {
      const { read = [], write = [], index = [] } = route.aws.keys ?? {};
      const declared = new Set<string>([...read, ...write, ...index]);
      return [...reachable.get(handlerEntry(route.handler))!]
        .filter((partition) => !declared.has(partition))
        .map((partition) => `${route.name}: ${partition}`);
    });
    expect(uncovered).toEqual([]);
  });

  it('stops the synth for a row with table access and no partitions, or a read-only row that writes', () => {
    expect(() => checkLeadingKeys('saveTeam', { table: 'write' })).toThrow(/names no partition/);
    expect(() =>
      checkLeadingKeys('getMyScore', { table: 'read', keys: { read: [], write: ['TEAM#'] } }),
    ).toThrow(/read-only/);
    for (const route of routeList()) expect(() => checkLeadingKeys(route.name, route.aws)).not.toThrow();
  });
});

describe('the partitions of the functions sign-in runs through', () => {
  it('are exactly those their code can reach: the custom sign-in its grants, the X bridge its codes', () => {
    const functions = Object.values(signInFunctions);
    const reachable = partitionsByEntry(functions.map((fn) => fn.entry));
    for (const fn of functions) {
      const {
        read = [],
        write = [],
        index = [],
      } = fn.aws.keys as { read?: readonly string[]; write?: readonly string[]; index?: readonly string[] };
      expect([...reachable.get(fn.entry)!].sort(), fn.entry).toEqual([...read, ...write, ...index].sort());
    }
    expect(signInFunctions.CustomSignIn.aws.keys).toEqual({ write: ['MAILTOKEN#'] });
    expect(signInFunctions.XBridge.aws.keys).toEqual({ write: ['XSIGNIN#'] });
  });
});
