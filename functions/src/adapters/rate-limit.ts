import { rateLimitRepository } from '../db/repositories/rate-limit-repository';
import { TooManyRequestsError } from '../lib/errors';

/**
 * Counts one attempt for each subject (an account, an address, a network address) in a fixed
 * window; the first subject over its limit ends the request with a 429 and its Retry-After.
 */
export async function enforceLimits(
  action: string,
  subjects: ReadonlyArray<readonly [subject: string, max: number]>,
  windowSeconds: number,
  now: Date,
  message?: string,
): Promise<void> {
  for (const [subject, max] of subjects) {
    const retryAfter = await rateLimitRepository.countAttempt(action, subject, windowSeconds, max, now);
    if (retryAfter !== null) throw new TooManyRequestsError(retryAfter, message);
  }
}
