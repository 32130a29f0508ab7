import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ARRIVAL_RECEIPT_WINDOW_MS } from '@golf/shared/team-save-headers';
import { secretVersion } from './secret-versions';
import { environmentVariable } from './config';
import { hostTimeMs } from './clock';

/**
 * The arrival receipt of a team save refused for capacity (docs/adr/0018-judged-by-first-arrival.md):
 * an HMAC-SHA256 over who sent which save where and when it first arrived. Sent back with a retry
 * within `ARRIVAL_RECEIPT_WINDOW_MS`, the deadline is judged at that first arrival. It only states
 * a fact the server saw, so it gives no one a choice they did not make in time: it cannot be made
 * without the key, and names one user, one route and round and one body.
 */
export interface ArrivalClaims {
  /** The signed-in user (the token's subject). */
  user: string;
  /** The tournament the request names ('' for the current one). */
  tournament: string;
  round: number;
  /** The method and path (the slot and the AI mode are in it). */
  route: string;
  /** SHA-256 of the raw request body, base64url ('' body: the digest of nothing). */
  body: string;
  /** When the save first arrived, epoch ms by the game clock. */
  at: number;
}

export const bodyDigest = (body: string | undefined): string =>
  createHash('sha256')
    .update(body ?? '')
    .digest('base64url');

const signature = (payload: string, key: Buffer) =>
  createHmac('sha256', key).update(payload).digest('base64url');

/** `v1.<claims as base64url JSON>.<HMAC-SHA256 of that part>`. */
export function signArrivalReceipt(claims: ArrivalClaims, key: Buffer): string {
  const payload = `v1.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${payload}.${signature(payload, key)}`;
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * The first arrival a receipt proves for this request, or null for anything wrong with it: not
 * signed by one of `keys`, another user, tournament, round, route or body, older than the window,
 * or from the future. A null receipt is ignored: the save is judged at its own arrival.
 */
export function verifiedArrival(
  receipt: string | undefined,
  expected: Omit<ArrivalClaims, 'at'>,
  nowMs: number,
  keys: readonly Buffer[],
): Date | null {
  if (!receipt || receipt.length > 2048) return null;
  const parts = receipt.split('.');
  if (parts.length !== 3 || parts[0] !== 'v1') return null;
  const payload = `${parts[0]}.${parts[1]}`;
  if (!keys.some((key) => sameText(signature(payload, key), parts[2]!))) return null;
  let claims: Partial<ArrivalClaims>;
  try {
    claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Partial<ArrivalClaims>;
  } catch {
    return null;
  }
  const same = (Object.keys(expected) as Array<keyof typeof expected>).every(
    (name) => claims[name] === expected[name],
  );
  const at = claims.at;
  if (!same || typeof at !== 'number' || !Number.isFinite(at)) return null;
  if (at > nowMs || nowMs - at > ARRIVAL_RECEIPT_WINDOW_MS) return null;
  return new Date(at);
}

/** How often a function reads the key again (a key put by hand reaches every function within it). */
const keyReloadMs = 5 * 60_000;
let loaded: { keys: Buffer[]; at: number } | undefined;

/**
 * The keys receipts are checked with, the one they are signed with first: in AWS the Secrets
 * Manager secret ARRIVAL_RECEIPT_SECRET_ID (its current and previous values, so a key replaced by
 * hand refuses no receipt in flight), locally the stack's generated ARRIVAL_RECEIPT_KEY. None where
 * neither is set: no receipt is given or honoured.
 */
export async function arrivalReceiptKeys(): Promise<Buffer[]> {
  const local = environmentVariable('ARRIVAL_RECEIPT_KEY');
  if (local) return [Buffer.from(local, 'utf8')];
  const secretId = environmentVariable('ARRIVAL_RECEIPT_SECRET_ID');
  if (!secretId) return [];
  const now = hostTimeMs();
  if (!loaded || now - loaded.at > keyReloadMs) {
    const values = await Promise.all([
      secretVersion(secretId, 'AWSCURRENT'),
      secretVersion(secretId, 'AWSPREVIOUS'),
    ]);
    loaded = {
      keys: values.filter((value): value is string => Boolean(value)).map((v) => Buffer.from(v, 'utf8')),
      at: now,
    };
  }
  return loaded.keys;
}
