import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod';
import type { ZodType } from 'zod';
import type {
  RouteAnswer,
  RouteBody,
  RouteDefinition,
  RouteName,
  RouteParams,
  RouteQuery,
  Routes,
} from '@golf/shared/contracts';
import { isWellEscaped } from '@golf/shared/url-escapes';
import { errorMessages } from '@golf/shared/errors';
import { unknownFieldMessage, useJapaneseZodMessages } from '@golf/shared/schemas/zod-locale';
import { requestSchemas } from '@golf/shared/strict-input';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  isTransactionConflict,
  isTransientAwsError,
  refusal,
  ServiceUnavailableError,
  unauthenticated,
  validationFailed,
} from '../lib/errors';
import { bearerToken, verifyAccessToken, type AuthContext } from '../lib/auth';
import { config } from '../lib/config';
import { hashedUserId, lambdaLogger, logger } from '../lib/logger';
import { tracingMiddleware } from '../lib/tracer';
import { checkOrigin, clientAddress } from '../lib/origin-lock';
import { parseMultipart, type UploadedFile } from '../lib/multipart';
import { userRepository } from '../db/repositories/user-repository';
import { signUpStepRoutes } from '@golf/shared/routes/sign-up-steps';
import { nowMs } from '../lib/clock';

useJapaneseZodMessages();

/** A handler may return a plain body (200 JSON) or this, to choose the status and headers. */
export class HttpResponse {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

interface HttpRequest<P, Q, B, A extends AuthContext | null> {
  params: P;
  query: Q;
  body: B;
  /** Files of a multipart body, by field name. */
  files: Record<string, UploadedFile>;
  auth: A;
  event: APIGatewayProxyEventV2;
  /** The request's instant; handlers use it instead of reading the clock themselves. */
  now: Date;
  sourceIp: string;
  /** When the function's time runs out (epoch ms by the game clock); null where nothing stops it (the local stack). */
  deadlineMs: number | null;
}

type AuthFor<N extends RouteName> = Routes[N]['access'] extends 'public' ? AuthContext | null : AuthContext;

interface Internal {
  rawBody: unknown;
  files: Record<string, UploadedFile>;
  auth: AuthContext | null;
}

/**
 * Turns zod issues into `{ field: [messages] }`, the field errors every 422 carries. A key the
 * schema does not know is named as a field of its own (`{ dryRun: ['この項目は受け付けていません。'] }`).
 */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (path: readonly PropertyKey[], message: string) =>
    (errors[path.length ? path.map(String).join('.') : '_'] ??= []).push(message);
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys')
      for (const key of issue.keys) add([...issue.path, key], unknownFieldMessage);
    else add(issue.path, issue.message);
  }
  return errors;
}

export const registrationRequiredMessage = errorMessages.registration_required;

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8' };

/**
 * Reads the body: JSON (malformed -> 400) or multipart/form-data, whose text fields become the
 * object the body schema validates and whose files arrive in `files`; for a row with `formBody`,
 * also an urlencoded form, whose fields become that object (a field sent twice is a 400).
 */
async function parseBody(
  event: APIGatewayProxyEventV2,
  route: RouteDefinition,
): Promise<{ body: unknown; files: Record<string, UploadedFile> }> {
  if (event.body === undefined || event.body === null || event.body === '')
    return { body: undefined, files: {} };
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
  const contentType = (event.headers['content-type'] ?? '').toLowerCase();
  if (contentType.startsWith('multipart/form-data')) {
    const { fields, files } = await parseMultipart(raw, event.headers['content-type']!);
    return { body: fields, files };
  }
  if (route.formBody && contentType.startsWith('application/x-www-form-urlencoded')) {
    const fields = new Map<string, string>();
    for (const [name, value] of new URLSearchParams(raw.toString('utf8'))) {
      if (fields.has(name)) throw badRequest('同じ項目が2回送信されました。');
      fields.set(name, value);
    }
    return { body: Object.fromEntries(fields), files: {} };
  }
  if (contentType && !contentType.includes('json')) {
    throw new AppError(415, 'bad_request', 'JSON形式で送信してください。');
  }
  try {
    return { body: JSON.parse(raw.toString('utf8')), files: {} };
  } catch {
    throw badRequest('JSONの形式が正しくありません。');
  }
}

/** The request a route's handler receives: params, query and body typed by the route row's schemas. */
export type RouteRequest<N extends RouteName> = HttpRequest<
  RouteParams<N>,
  RouteQuery<N>,
  RouteBody<N>,
  AuthFor<N>
>;

/** A row of the route table, as its area's module exports it (`savePickRoute`). */
export type RouteRow = Routes[RouteName];

/**
 * Wraps a handler in the middleware chain: parse -> auth (the route table's access) -> validate ->
 * handler, with error mapping and one structured log line per request. Authentication runs before
 * validation so an anonymous caller learns nothing about a protected endpoint's input rules.
 * The handler names its own row (`httpHandler(savePickRoute, ...)`, imported from
 * `@golf/shared/routes/<area>`), never the table, so its bundle holds that row and its schemas only;
 * it receives their parsed types and answers with the row's response shape.
 */
export function httpHandler<R extends RouteRow>(
  route: R,
  fn: (request: RouteRequest<R['name']>) => Promise<RouteAnswer<R['name']> | HttpResponse>,
) {
  return Object.assign(wrap(route, fn as (request: never) => Promise<unknown>), {
    /** The row it serves (the route table's test checks each handler serves its own). */
    routeName: route.name,
  });
}

function wrap(row: RouteRow, fn: (request: never) => Promise<unknown>) {
  const route: RouteDefinition = row;
  const routeName: RouteName = row.name;
  const needsRegistration = route.access === 'user' && !signUpStepRoutes.has(routeName);
  // Strict copies of the row's schemas, made once per function: an unknown key is a 422, never dropped.
  const schemas = requestSchemas(route);
  // At start-up: a function missing a setting fails its init, naming the variable.
  config();
  const internal = new WeakMap<APIGatewayProxyEventV2, Internal>();

  const core = async (
    event: APIGatewayProxyEventV2,
    context?: Partial<Pick<Context, 'getRemainingTimeInMillis'>>,
  ): Promise<APIGatewayProxyStructuredResultV2> => {
    const state = internal.get(event)!;
    // Params, query and body are read together, so that one 422 names every field in the way.
    const errors: Record<string, string[]> = {};
    const parse = (schema: ZodType, value: unknown) => {
      const result = schema.safeParse(value ?? {});
      if (result.success) return result.data;
      for (const [field, messages] of Object.entries(fieldErrors(result.error)))
        (errors[field] ??= []).push(...messages);
      return undefined;
    };
    const params = parse(schemas.params, event.pathParameters);
    const query = parse(schemas.query, event.queryStringParameters);
    // A row without a body schema hands its handler none, once what was sent is known to be empty.
    const body = parse(schemas.body, state.rawBody);
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    type AnyRequest = HttpRequest<unknown, unknown, unknown, AuthContext | null>;
    const request: AnyRequest = {
      params,
      query,
      body: route.body ? body : undefined,
      files: state.files,
      auth: state.auth,
      event,
      now: new Date(event.requestContext?.timeEpoch ?? nowMs()),
      sourceIp: clientAddress(event),
      deadlineMs: context?.getRemainingTimeInMillis ? nowMs() + context.getRemainingTimeInMillis() : null,
    };
    // httpHandler's signature ties the request's types to the row's schemas validated here.
    const result = await (fn as (request: AnyRequest) => Promise<unknown>)(request);
    if (result instanceof HttpResponse) {
      return {
        statusCode: result.statusCode,
        headers: { ...jsonHeaders, ...cacheHeaders(), ...result.headers },
        body: result.body === undefined ? '' : JSON.stringify(result.body),
      };
    }
    return {
      statusCode: 200,
      headers: { ...jsonHeaders, ...cacheHeaders() },
      body: JSON.stringify(result ?? {}),
    };
  };

  const cacheHeaders = (): Record<string, string> =>
    route.cacheSeconds !== undefined && route.access === 'public'
      ? { 'cache-control': `public, max-age=${route.cacheSeconds}, s-maxage=${route.cacheSeconds}` }
      : { 'cache-control': 'no-store' };

  const started = new WeakMap<APIGatewayProxyEventV2, number>();

  /** What every request line carries besides Powertools' own keys: the route, the gateway's request id, the player. */
  const requestFields = (event: APIGatewayProxyEventV2) => {
    const auth = internal.get(event)?.auth;
    return {
      route: routeName,
      path: event.rawPath,
      request_id: event.requestContext?.requestId,
      ...(auth ? { user: hashedUserId(auth.userId) } : {}),
    };
  };

  // The trace's subsegment around everything (in Lambda only), then Powertools' context, so that every
  // line after it carries the invocation's request id and cold start.
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>()
    .use(tracingMiddleware())
    .use(injectLambdaContext(lambdaLogger))
    .use({
      before: async ({ event }) => {
        started.set(event, performance.now());
        internal.set(event, { rawBody: undefined, files: {}, auth: null });
      },
      after: async ({ event, response }) => {
        logger.info('request', {
          ...requestFields(event),
          status: response?.statusCode,
          ms: Math.round(performance.now() - (started.get(event) ?? 0)),
        });
      },
      onError: async (request) => {
        const error = request.error;
        let appError: AppError;
        if (error instanceof AppError) {
          appError = error;
        } else if (isTransientAwsError(error)) {
          // Throttled or timed out: every write either happened whole or not at all, so a retry is safe.
          logger.warn('transient failure', { route: routeName, error: (error as Error).name });
          appError = new ServiceUnavailableError();
        } else if (isTransactionConflict(error)) {
          // Two transactions on one item at once: a real overlap, as a refused version is.
          appError = conflict();
        } else {
          logger.error('unhandled error', {
            ...requestFields(request.event),
            error:
              error instanceof Error
                ? { name: error.name, message: error.message, stack: error.stack }
                : error,
          });
          appError = new AppError(500, 'internal');
        }
        if (appError.statusCode >= 500 && error instanceof AppError) {
          logger.error('server error', { route: routeName, code: appError.code });
        }
        request.response = {
          statusCode: appError.statusCode,
          headers: { ...jsonHeaders, 'cache-control': 'no-store', ...appError.headers },
          body: JSON.stringify(appError.toBody()),
        };
        logger.info('request', {
          ...requestFields(request.event),
          status: appError.statusCode,
          code: appError.code,
          ms: Math.round(performance.now() - (started.get(request.event) ?? 0)),
        });
      },
    })
    .use({
      // Before anything else: a request that bypassed CloudFront learns nothing.
      before: async ({ event }) => checkOrigin(event),
    })
    .use({
      // A path or query that cannot be decoded is the client's fault, whatever the route.
      before: async ({ event }) => {
        if (!isWellEscaped(event.rawPath ?? '') || !isWellEscaped(event.rawQueryString ?? ''))
          throw new AppError(400, 'bad_request');
      },
    })
    .use({
      before: async ({ event }) => {
        const state = internal.get(event)!;
        ({ body: state.rawBody, files: state.files } = await parseBody(event, route));
      },
    })
    .use({
      before: async ({ event }) => {
        const token = bearerToken(event.headers ?? {});
        const state = internal.get(event)!;
        if (token) {
          try {
            state.auth = await verifyAccessToken(token);
            // Signed out, the player withdrawn, or the session cut by a password change, and for
            // players' routes whether sign-up is complete: one BatchGetItem. Public routes skip it,
            // so cacheable reads cost no extra request on a spike.
            if (route.access !== 'public') {
              // An operator route also reads whether the session's sign-in passed the second
              // factor, in the same request (docs/adr/0026-operators-second-factor.md).
              const session = await userRepository.checkSession(state.auth, {
                registration: needsRegistration,
                secondFactor: route.access === 'operator',
              });
              if (session === 'refused') {
                state.auth = null;
                throw unauthenticated();
              }
              if (session === 'unregistered') throw refusal('registration_required');
              if (route.access === 'operator' && !state.auth.groups.includes('operators')) throw forbidden();
              if (session === 'no_second_factor') throw refusal('second_factor_required');
            }
          } catch (error) {
            // A stale token on a public page is not an error; on a protected one it is.
            if (route.access !== 'public') throw error;
          }
        }
        if (route.access === 'public') return;
        if (!state.auth) throw unauthenticated();
      },
    })
    .handler(core);
}
