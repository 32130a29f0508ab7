import { describe, expect, it, vi } from 'vitest';
import { sampleUserItems } from '../../../../scripts/seed/users';
import { userRepository } from '../../db/repositories/user-repository';
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

const seededLogins = sampleUserItems(new Date('2026-07-01T00:00:00Z')).filter(
  (item) => typeof item['password_hash'] === 'string',
);

describe('the work of a sign-in', () => {
  it('finding 7: seeded and registered accounts are hashed with the same parameters, and an unknown address is verified at them too', async () => {
    expect(seededLogins.map((item) => item['email'])).toEqual(['player@example.com', 'operator@example.com']);
    for (const item of seededLogins) expect(costOf(String(item['password_hash']))).toEqual(passwordCost);
    expect(costOf(await hashPassword('golf-pass-9'))).toEqual(passwordCost);
    expect(costOf(decoyHash)).toEqual(passwordCost);

    // An unknown address: one verification, against the decoy hash.
    vi.mocked(userRepository.getLogin).mockResolvedValueOnce(null);
    expect(await identity().signIn('nobody@example.com', 'golf-pass-1', new Date())).toBeNull();
    // A seeded account with a wrong password: one verification, against its own hash.
    const seeded = seededLogins[0]!;
    vi.mocked(userRepository.getLogin).mockResolvedValueOnce(
      seeded as unknown as Awaited<ReturnType<typeof userRepository.getLogin>>,
    );
    expect(await identity().signIn('player@example.com', 'wrong-pass-1', new Date())).toBeNull();

    expect(verified).toEqual([decoyHash, seeded['password_hash']]);
    expect(verified.map((hash) => costOf(hash))).toEqual([passwordCost, passwordCost]);
  });
});
