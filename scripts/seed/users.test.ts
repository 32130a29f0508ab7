import { describe, expect, it } from 'vitest';
import { passwordCost } from '@golf/functions/adapters/identity/password';
import { sampleUserItems } from './users';

/** The scrypt parameters a stored hash makes a sign-in derive with. */
const costOf = (hash: string) => {
  const [, N, r, p] = hash.split('$');
  return { N: Number(N), r: Number(r), p: Number(p) };
};

describe('the sample logins', () => {
  it('are hashed at the cost of a password a player sets (a sign-in takes as long)', () => {
    const logins = sampleUserItems(new Date('2026-07-01T00:00:00Z')).filter(
      (item) => typeof item['password_hash'] === 'string',
    );
    expect(logins.map((item) => item['email'])).toEqual(['player@example.com', 'operator@example.com']);
    for (const item of logins) expect(costOf(String(item['password_hash']))).toEqual(passwordCost);
  });
});
