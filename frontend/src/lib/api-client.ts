import type { ZodType } from 'zod';
import {
  errorCodes,
  errorMessages,
  isSpecificErrorCode,
  type ApiErrorBody,
  type ErrorCode,
} from '@golf/shared/errors';
import { buildApiUrl, type QueryValue } from '@golf/shared/route-client';
import { readCookie, tokenCookieName } from './cookies';
import { takeEarlyAnswer } from './early-data';
import { noteServerDate } from './server-clock';

/** `network`: the request never got an answer (offline, DNS, connection reset). */
export type ApiErrorCode = ErrorCode | 'network';

/** An API call that did not succeed, in the server's one error shape `{ message, code, errors? }`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly errors?: Record<string, string[]>;
  /** A 409 for a row changed since it was read: the row as it is stored now. */
  readonly current?: Record<string, unknown>;
  /**
   * The answer's headers (Retry-After, a team save's Arrival-Receipt), when there was an answer, by
   * lower-case name: a plain copy, so that the error holds nothing of the response.
   */
  readonly headers?: Readonly<Record<string, string>>;

  constructor(init: {
    status: number;
    code: ApiErrorCode;
    message: string;
    errors?: Record<string, string[]>;
    current?: Record<string, unknown>;
    headers?: Headers | Record<string, string>;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    if (init.errors) this.errors = init.errors;
    if (init.current) this.current = init.current;
    if (init.headers) this.headers = Object.fromEntries(new Headers(init.headers).entries());
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export const networkErrorMessage = '通信に失敗しました。通信環境をご確認のうえ、もう一度お試しください。';

const codeByStatus: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  422: 'validation_failed',
  429: 'rate_limited',
  503: 'service_unavailable',
};

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (errorCodes as readonly string[]).includes(value);
}

function isFieldErrors(value: unknown): value is Record<string, string[]> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every(
      (messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'),
    )
  );
}

/**
 * The ApiError for a failed answer. Its text is the one table's (shared/src/errors.ts) for a specific
 * code such as `guild_full`, and the server's own message for a generic one. A body that is not the
 * error shape (a proxy's HTML page, an empty 502) still gives a code from the status and its text.
 */
export function toApiError(status: number, body: unknown, headers?: Headers): ApiError {
  const shape = (typeof body === 'object' && body !== null ? body : {}) as Partial<ApiErrorBody>;
  const code = isErrorCode(shape.code) ? shape.code : (codeByStatus[status] ?? 'internal');
  const message =
    !isSpecificErrorCode(code) && typeof shape.message === 'string' && shape.message !== ''
      ? shape.message
      : errorMessages[code];
  return new ApiError({
    status,
    code,
    message,
    ...(isFieldErrors(shape.errors) && { errors: shape.errors }),
    ...(typeof shape.current === 'object' && shape.current !== null && { current: shape.current }),
    ...(headers && { headers }),
  });
}

type UnauthenticatedHandler = (error: ApiError) => void;
let onUnauthenticated: UnauthenticatedHandler | null = null;

/** What a 401 does (log out locally, go to /login?token=invalid); the app registers it at start-up. */
export function setUnauthenticatedHandler(handler: UnauthenticatedHandler | null): void {
  onUnauthenticated = handler;
}

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Appended as a query string; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON, or as multipart when it is FormData. */
  body?: unknown;
  signal?: AbortSignal;
  /** Sent besides Accept, Authorization and Content-Type (a team save's Idempotency-Key). */
  headers?: Record<string, string>;
  /** Validates the answer; a mismatch is reported as a 500 (the contract is broken, not the user). */
  schema?: ZodType<T>;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** An answer `/early-data.js` asked for before the app ran; undefined when it failed or is not there. */
async function earlyAnswer(url: string): Promise<Response | undefined> {
  const early = takeEarlyAnswer(url);
  return early?.then(
    (response) => (response.ok ? response : undefined),
    () => undefined,
  );
}

/**
 * Every API call goes through here: `Accept: application/json`, `Authorization: Bearer {token}` when
 * the token cookie exists, JSON bodies, and failures as `ApiError`.
 */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  const token = readCookie(tokenCookieName);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  const url = buildApiUrl(path, options.query);
  const method = options.method ?? 'GET';
  let response: Response;
  const sentAt = Date.now();
  try {
    response =
      (method === 'GET' ? await earlyAnswer(url) : undefined) ??
      (await fetch(url, { method, headers, body, signal: options.signal, credentials: 'same-origin' }));
    noteServerDate(response.headers, sentAt, Date.now());
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: 'network', message: networkErrorMessage });
  }

  const data = await readJson(response);
  if (!response.ok) {
    const error = toApiError(response.status, data, response.headers);
    if (response.status === 401) onUnauthenticated?.(error);
    throw error;
  }
  if (!options.schema) return data as T;
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) {
    console.error(`unexpected answer from ${path}`, parsed.error.issues);
    throw new ApiError({ status: 500, code: 'internal', message: errorMessages.internal });
  }
  return parsed.data;
}
