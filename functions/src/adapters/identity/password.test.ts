import { describe, expect, it } from 'vitest';
import { decoyHash } from './identity-port';
import { hashPassword, hashPasswordSync, passwordCost, verifyPassword } from './password';

describe('password hashing', () => {
  it.each([
    ['the right password', 'golf-pass-1', 'golf-pass-1', true],
    ['a wrong password', 'golf-pass-1', 'golf-pass-2', false],
    ['an empty attempt', 'golf-pass-1', '', false],
    ['full-width digits (NFKC)', 'ｇｏｌｆ１２３４', 'golf1234', true],
  ])('%s', async (_name, stored, attempt, expected) => {
    const hash = await hashPassword(stored);
    expect(hash).not.toContain(stored);
    expect(await verifyPassword(attempt, hash)).toBe(expected);
  });

  it.each([['garbage'], ['bcrypt$x$y'], ['scrypt$1024$8$1$$']])(
    'rejects a malformed stored hash %s',
    async (stored) => {
      expect(await verifyPassword('x', stored)).toBe(false);
    },
  );

  it('the seed hash carries a player’s cost and verifies', async () => {
    const hash = hashPasswordSync('golf-ops-1', Buffer.alloc(16, 1));
    expect(hash.startsWith(`scrypt$${passwordCost.N}$${passwordCost.r}$${passwordCost.p}$`)).toBe(true);
    expect(await verifyPassword('golf-ops-1', hash)).toBe(true);
  });
});

describe('the decoy hash of unknown addresses', () => {
  it('costs what a player’s own password costs, so a login takes as long whether the address exists', async () => {
    const [, N, r, p] = decoyHash.split('$');
    expect({ N: Number(N), r: Number(r), p: Number(p) }).toEqual(passwordCost);
    const [, ownN, ownR, ownP] = (await hashPassword('golf-pass-1')).split('$');
    expect([ownN, ownR, ownP]).toEqual([N, r, p]);
    expect(await verifyPassword('anything', decoyHash)).toBe(false);
  });
});
