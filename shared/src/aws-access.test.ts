import { describe, expect, it } from 'vitest';
import { joinKeys, keyParts, tableGrants } from './aws-access';

describe('a route row joined from named parts (joinKeys)', () => {
  it('holds every partition of its parts once, sorted, and only the fields some part names', () => {
    expect(
      joinKeys(keyParts.signedIn, keyParts.tournaments, { read: ['USER#', 'PLAYER#'], write: ['TEAM#'] }),
    ).toEqual({
      read: ['AUDIT#', 'LOGIN#', 'PLAYER#', 'REVOKED#', 'ROUNDLOCK#', 'TOURNAMENT#', 'USER#'],
      write: ['TEAM#'],
      index: ['TOURNAMENTS'],
    });
    expect(joinKeys(keyParts.signedIn)).toEqual({ read: ['LOGIN#', 'REVOKED#', 'USER#'] });
  });

  it('grants the same whatever order the parts come in', () => {
    const one = joinKeys(keyParts.guilds, keyParts.signedIn, { write: ['RATE#'] });
    const other = joinKeys({ write: ['RATE#'] }, keyParts.signedIn, keyParts.guilds);
    expect(tableGrants({ table: 'write', keys: one })).toEqual(tableGrants({ table: 'write', keys: other }));
  });
});
