import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** The scrypt cost of a password a player sets. */
export const passwordCost = { N: 16384, r: 8, p: 1 } as const;

/** `scrypt$N$r$p$salt$hash` (base64url); the cost travels with the hash so seeds can use a cheap one. */
export async function hashPassword(
  password: string,
  cost: { N: number; r: number; p: number } = passwordCost,
): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
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

/** Synchronous hash for the seed (a deliberately low cost, stored with the hash). */
export function hashPasswordSync(password: string, salt: Buffer, cost = { N: 1024, r: 8, p: 1 }): string {
  const hash = scryptSync(password.normalize('NFKC'), salt, 32, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}
