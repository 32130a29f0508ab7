import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** The scrypt cost of a password a player sets. */
export const passwordCost = { N: 16384, r: 8, p: 1 } as const;

const encode = (salt: Buffer, hash: Buffer) =>
  [
    'scrypt',
    passwordCost.N,
    passwordCost.r,
    passwordCost.p,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$');

/**
 * `scrypt$N$r$p$salt$hash` (base64url), always at `passwordCost`: every login, seeded or registered,
 * costs a sign-in the same work (and an unknown address the same again, through the decoy hash).
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return encode(salt, await derive(password, salt, passwordCost));
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

function derive(password: string, salt: Buffer, options: ScryptOptions & { N: number }): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, 32, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** Synchronous hash for the seed (its own salt), at the cost of a player's own password. */
export function hashPasswordSync(password: string, salt: Buffer): string {
  return encode(salt, scryptSync(password.normalize('NFKC'), salt, 32, passwordCost));
}
