/**
 * The user pool's custom sign-in, with which the server signs a player in without their password
 * (a registration or e-mail link just opened). The server puts a one-time grant for the user in the
 * table and answers the pool's challenge with it; the pool's Verify trigger takes the grant out
 * (so it works once), and only a grant for that user, within its minute, is a right answer.
 * The grant is 32 random bytes, of which only the hash is stored, as for mailed links.
 */
import { oneTimeTokenRepository } from '../../db/repositories/one-time-token-repository';

export const SIGN_IN_GRANT_MS = 60_000;

export const issueSignInGrant = (username: string, now: Date): Promise<string> =>
  oneTimeTokenRepository.issue(
    { purpose: 'sign_in', email: '', user_id: username, password_hash: null },
    SIGN_IN_GRANT_MS,
    now,
  );

/** Whether `answer` is an unused, unexpired grant for `username`; it is used up either way. */
export async function redeemSignInGrant(answer: unknown, username: string, now: Date): Promise<boolean> {
  if (typeof answer !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(answer)) return false;
  const record = await oneTimeTokenRepository.take(answer, 'sign_in');
  return Boolean(record && record.user_id === username && Date.parse(record.expires_at) > now.getTime());
}
