import type { ApiErrorBody, ErrorCode } from '@golf/shared/errors';
import { errorMessages } from '@golf/shared/errors';

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
export const deadlinePassed = (message?: string) => new AppError(409, 'deadline_passed', message);
export const rateLimited = (message?: string) => new AppError(429, 'rate_limited', message);
