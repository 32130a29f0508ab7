import type { ApiErrorBody, ErrorCode, SpecificErrorCode } from '@golf/shared/errors';
import { errorMessages, errorStatus } from '@golf/shared/errors';

/** The one error family: every failure a handler means to report carries its status and stable code. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string = errorMessages[code],
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** Response headers that go with this error (the handler plumbing adds them). */
  get headers(): Record<string, string> {
    return {};
  }

  toBody(): ApiErrorBody {
    return this.errors
      ? { message: this.message, code: this.code, errors: this.errors }
      : { message: this.message, code: this.code };
  }
}

export const badRequest = (message?: string) => new AppError(400, 'bad_request', message);
export const validationFailed = (errors: Record<string, string[]>, message?: string) =>
  new AppError(422, 'validation_failed', message, errors);
export const unauthenticated = (message?: string) => new AppError(401, 'unauthenticated', message);
export const forbidden = (message?: string) => new AppError(403, 'forbidden', message);
export const notFound = (message?: string) => new AppError(404, 'not_found', message);
export const conflict = (message?: string) => new AppError(409, 'conflict', message);
/** A refusal with its own code (shared/src/errors.ts): its status and Japanese text come from the table. */
export const refusal = (code: SpecificErrorCode, message?: string) =>
  new AppError(errorStatus[code], code, message);
export const deadlinePassed = () => refusal('deadline_passed');
export const rateLimited = (message?: string) => new AppError(429, 'rate_limited', message);

/** 409: the row the caller started from changed since; the answer carries the row as it is now. */
export class StaleVersionError extends AppError {
  constructor(
    message: string,
    readonly current: Record<string, unknown>,
  ) {
    super(409, 'conflict', message);
  }

  override toBody(): ApiErrorBody {
    return { ...super.toBody(), current: this.current };
  }
}

/** 429 with the seconds until the caller may try again, sent as Retry-After. */
export class TooManyRequestsError extends AppError {
  constructor(
    readonly retryAfter: number,
    message?: string,
  ) {
    super(429, 'rate_limited', message);
  }

  override get headers(): Record<string, string> {
    return { 'retry-after': String(this.retryAfter) };
  }
}

/**
 * Seconds a client is told to wait (Retry-After) after the table refused a request for capacity:
 * short, as on-demand capacity adapts within seconds and a save near its deadline cannot wait long.
 */
const CAPACITY_RETRY_AFTER_SECONDS = 1;

/** 503 with Retry-After: the database was busy or did not answer in time; trying again is safe. */
export class ServiceUnavailableError extends AppError {
  constructor(
    readonly retryAfter = CAPACITY_RETRY_AFTER_SECONDS,
    readonly extraHeaders: Record<string, string> = {},
  ) {
    super(503, 'service_unavailable');
  }

  override get headers(): Record<string, string> {
    return { ...this.extraHeaders, 'retry-after': String(this.retryAfter) };
  }
}

const transientNames = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'InternalServerError',
  'ServiceUnavailable',
  'TransactionInProgressException',
]);

/** A transaction's cancellation reasons that mean the table had no capacity for it: nothing was written. */
const capacityReasons = new Set(['ThrottlingError', 'ProvisionedThroughputExceeded']);

type Cancellation = { name?: string; CancellationReasons?: Array<{ Code?: string }> };

const reasonCodes = (error: unknown): string[] =>
  (error as Cancellation)?.name === 'TransactionCanceledException'
    ? ((error as Cancellation).CancellationReasons ?? []).map((reason) => reason.Code ?? 'None')
    : [];

/**
 * A transaction cancelled because the table was out of capacity for one of its items, with no
 * condition failing: sending it again later may succeed. A condition that failed decides, as a
 * retry would fail the same way.
 */
export function isCapacityCancellation(error: unknown): boolean {
  const codes = reasonCodes(error);
  return codes.some((code) => capacityReasons.has(code)) && !codes.includes('ConditionalCheckFailed');
}

/**
 * A transaction that collided with another on one of its items (TransactionConflict), with no
 * capacity or condition reason: a real overlap of two writes, answered 409.
 */
export function isTransactionConflict(error: unknown): boolean {
  if ((error as { name?: string })?.name === 'TransactionConflictException') return true;
  const codes = reasonCodes(error);
  return (
    codes.includes('TransactionConflict') &&
    !codes.includes('ConditionalCheckFailed') &&
    !isCapacityCancellation(error)
  );
}

/** An AWS call that failed for a moment (throttled, timed out, busy), as opposed to a wrong request. */
export function isTransientAwsError(error: unknown): boolean {
  const candidate = error as { name?: string; $retryable?: unknown };
  if (!candidate || typeof candidate !== 'object') return false;
  if (candidate.name && transientNames.has(candidate.name)) return true;
  if (candidate.name === 'TransactionCanceledException') return isCapacityCancellation(error);
  return Boolean(candidate.$retryable);
}
