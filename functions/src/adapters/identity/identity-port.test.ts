import { describe, expect, it, vi } from 'vitest';
import { userRepository, type LoginRecord } from '../../db/repositories/user-repository';
import { decoyHash, identity } from './identity-port';
import { hashPassword, passwordCost } from './password';
import type * as passwordModule from './password';
import type * as userRepositoryModule from '../../db/repositories/user-repository';

/** The stored hash of every verification a sign-in runs. */
const verified = vi.hoisted((): string[] => []);
vi.mock('./password', async (original) => {
  const actual = await original<typeof passwordModule>();
  return {
    ...actual,
    verifyPassword: (password: string, stored: string) => {
      verified.push(stored);
      return actual.verifyPassword(password, stored);
    },
  };
});
vi.mock('../../db/repositories/user-repository', async (original) => {
  const actual = await original<typeof userRepositoryModule>();
  return { ...actual, userRepository: { ...actual.userRepository, getLogin: vi.fn() } };
});

/** The scrypt parameters a stored hash makes a sign-in derive with. */
const costOf = (hash: string) => {
  const [, N, r, p] = hash.split('$');
  return { N: Number(N), r: Number(r), p: Number(p) };
};

/** A login as the user repository reads it, its password hashed as a player's own. */
const registeredLogin = async (email: string, password: string): Promise<LoginRecord> => ({
  email,
  user_id: 'user-1',
  password_hash: await hashPassword(password),
  groups: [],
});

describe('the work of a sign-in', () => {
  it('finding 7: registered accounts are hashed at one cost, and an unknown address is verified at it too', async () => {
    const registered = await registeredLogin('player@example.com', 'golf-pass-1');
    expect(costOf(String(registered.password_hash))).toEqual(passwordCost);
    expect(costOf(decoyHash)).toEqual(passwordCost);

    // An unknown address: one verification, against the decoy hash.
    vi.mocked(userRepository.getLogin).mockResolvedValueOnce(null);
    expect(await identity().signIn('nobody@example.com', 'golf-pass-1', new Date())).toBeNull();
    // A registered account with a wrong password: one verification, against its own hash.
    vi.mocked(userRepository.getLogin).mockResolvedValueOnce(registered);
    expect(await identity().signIn('player@example.com', 'wrong-pass-1', new Date())).toBeNull();

    expect(verified).toEqual([decoyHash, registered.password_hash]);
    expect(verified.map((hash) => costOf(hash))).toEqual([passwordCost, passwordCost]);
  });
});
