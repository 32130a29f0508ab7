/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps), as authenticator apps and the user pool use
 * it: the local identity's codes, and the otpauth:// address an app reads from a QR code for either.
 */
import { Secret, TOTP } from 'otpauth';

const PERIOD_SECONDS = 30;
const ISSUER = 'ゴルフドリームチーム';

const totpOf = (secret: string, account = '') =>
  new TOTP({
    issuer: ISSUER,
    label: account,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new secret of 160 random bits (RFC 4226's recommended length), base32 as apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The address an authenticator app reads (from a QR code, or typed in with the secret). */
export const otpauthUri = (secret: string, account: string): string => totpOf(secret, account).toString();

/** The code of the secret at an instant. */
export const totpCode = (secret: string, at: Date): string =>
  totpOf(secret).generate({ timestamp: at.getTime() });

/**
 * The time step `code` is right for, within one step either side of `now` (a phone's clock a little
 * off, a code typed as it changed); null when it is wrong.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : TOTP.counter({ period: PERIOD_SECONDS, timestamp: now.getTime() }) + delta;
}
