import { timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { originVerifyHeader } from '@golf/shared/security-headers';
import { resetSecretClient, secretVersion } from './secret-versions';
import { config } from './config';
import { forbidden } from './errors';
import { hostTimeMs } from './clock';

/**
 * The API answers only CloudFront: the distribution sends a secret header to its API origin, and
 * every handler compares it with the Secrets Manager secret named by ORIGIN_SECRET_ID. The secret's
 * rotation function (functions/src/jobs/rotate-origin-secret.ts) labels a new value AWSPENDING, gives
 * it to CloudFront once every function has reloaded, then makes it AWSCURRENT: the three labels
 * (current, previous, pending) are accepted, so neither the value edges still send nor the one they
 * start sending is refused. Without ORIGIN_SECRET_ID (the local stack, with no CDN in front) nothing
 * is checked.
 */
export { originVerifyHeader };

/** Every function reloads the accepted values this often (the rotation waits as long, and a minute). */
export const originValuesReloadMs = 5 * 60_000;
/** A mismatch reloads the values at most this often (a rotation just happened, or an attacker). */
const mismatchReloadMs = 30_000;

let accepted: { values: string[]; loadedAt: number } | undefined;

const acceptedStages = ['AWSCURRENT', 'AWSPREVIOUS', 'AWSPENDING'] as const;

async function acceptedValues(secretId: string, now: number, reload: boolean): Promise<string[]> {
  if (!accepted || reload || now - accepted.loadedAt > originValuesReloadMs) {
    const versions = await Promise.all(acceptedStages.map((stage) => secretVersion(secretId, stage)));
    accepted = { values: versions.filter((value): value is string => Boolean(value)), loadedAt: now };
  }
  return accepted.values;
}

const same = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Refuses (403) a request that did not come through CloudFront, when the API is locked to it. */
export async function checkOrigin(
  event: Pick<APIGatewayProxyEventV2, 'headers'>,
  now = hostTimeMs(),
): Promise<void> {
  const secretId = config().ORIGIN_SECRET_ID;
  if (!secretId) return;
  const given = event.headers?.[originVerifyHeader];
  if (!given) throw forbidden();
  if ((await acceptedValues(secretId, now, false)).some((value) => same(value, given))) return;
  const stale = accepted !== undefined && now - accepted.loadedAt > mismatchReloadMs;
  if (stale && (await acceptedValues(secretId, now, true)).some((value) => same(value, given))) return;
  throw forbidden();
}

/**
 * The address rate limits count: behind CloudFront, the viewer's own (`CloudFront-Viewer-Address`,
 * `ip:port`), trusted only when the origin lock is on, so only CloudFront can have set it;
 * otherwise the connection's source address.
 */
export function clientAddress(event: APIGatewayProxyEventV2): string {
  const viewer = event.headers?.['cloudfront-viewer-address'];
  if (config().ORIGIN_SECRET_ID && viewer) {
    const port = viewer.lastIndexOf(':');
    if (port > 0) return viewer.slice(0, port);
  }
  return event.requestContext?.http?.sourceIp ?? '';
}

/** Forgets the loaded values (tests that change the secret). */
export function resetOriginLock(): void {
  accepted = undefined;
  resetSecretClient();
}
