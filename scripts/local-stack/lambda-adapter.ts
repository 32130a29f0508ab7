import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { matchRoute, type RouteDefinition, type RouteName } from '../../shared/src/contracts';
import { isWellEscaped } from '../../shared/src/url-escapes';
import { errorMessages } from '../../shared/src/errors';
import { runWithAwsAccess } from '../../functions/src/lib/aws-access';
import { repositoryRoot } from './paths';
import { teamSaveFault } from './faults';
import { nowMs } from '../../functions/src/lib/clock';

type LambdaHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

const handlerCache = new Map<string, Promise<LambdaHandler>>();

function loadHandler(route: RouteDefinition): Promise<LambdaHandler> {
  let loaded = handlerCache.get(route.handler);
  if (!loaded) {
    const file = pathToFileURL(join(repositoryRoot, 'functions/src/handlers', `${route.handler}.ts`)).href;
    loaded = import(file).then((module: { handler?: LambdaHandler }) => {
      if (typeof module.handler !== 'function') throw new Error(`${route.handler} exports no handler`);
      return module.handler;
    });
    handlerCache.set(route.handler, loaded);
  }
  return loaded;
}

/**
 * The AWS actions each route's handler called, by route name, and whether its declaration allowed
 * them. A refused call answers AccessDenied as IAM does; a handler that swallows the error still
 * leaves it here, where the API suite looks for it.
 */
export const awsCallsByRoute = new Map<string, Map<string, boolean>>();

const textTypes = /^(application\/(json|x-www-form-urlencoded|xml)|text\/)/i;

/** API Gateway's HTTP API refuses a payload above 10 MB before any function runs. */
export const maxPayloadBytes = 10 * 1024 * 1024;

/** The body, or null when it is larger than API Gateway accepts (read to its end, then dropped). */
function readBody(request: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxPayloadBytes) chunks.push(chunk);
      else chunks.length = 0;
    });
    request.on('end', () => resolve(size > maxPayloadBytes ? null : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** An answer as the origin gives it to the edge: whole, not yet compressed. */
export interface OriginAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** An answer API Gateway gives itself, without invoking a function. */
export const gatewayAnswer = (status: number, body: unknown): OriginAnswer => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  body: Buffer.from(JSON.stringify(body)),
});

/** What a function that fails outside its own error handling answers. */
export const internalErrorAnswer: OriginAnswer = {
  ...gatewayAnswer(500, { message: errorMessages.internal, code: 'internal' }),
  headers: { 'content-type': 'application/json; charset=utf-8' },
};

export interface ApiOptions {
  includeLocalOnly: boolean;
  /** The viewer's address when the request comes through the local edge rather than from the viewer. */
  sourceIp?: string;
}

/**
 * What API Gateway and the route's function answer to one request: a small API Gateway (HTTP API,
 * payload 2.0) in front of the same handlers the CDK stack deploys. Routes come from the shared
 * route table, events have API Gateway's shape, and binary bodies arrive base64-encoded as in AWS.
 */
export async function invokeApi(request: IncomingMessage, options: ApiOptions): Promise<OriginAnswer> {
  const answer = await gatewayOrFunction(request, options);
  // API Gateway dates its answers by its host's time, which in AWS is the game's; here the game's
  // clock may be moved, and the SPA sets its countdowns by this Date.
  return { ...answer, headers: { ...answer.headers, date: new Date(nowMs()).toUTCString() } };
}

async function gatewayOrFunction(request: IncomingMessage, options: ApiOptions): Promise<OriginAnswer> {
  const url = new URL(request.url ?? '/', 'http://local');
  const method = (request.method ?? 'GET').toUpperCase();
  // API Gateway refuses what it cannot decode before any function runs; the body is read to its end
  // and dropped, as for every answer the gateway gives itself, so the viewer's upload is not cut.
  if (!isWellEscaped(url.pathname) || !isWellEscaped(url.search)) {
    request.resume();
    return gatewayAnswer(400, { message: 'URLの形式が正しくありません。', code: 'bad_request' });
  }
  const match = matchRoute(method === 'HEAD' ? 'GET' : method, url.pathname);
  if (!match || ('route' in match && match.route.localOnly && !options.includeLocalOnly)) {
    request.resume();
    return gatewayAnswer(404, { message: 'お探しのページが見つかりませんでした。', code: 'not_found' });
  }
  if ('methodNotAllowed' in match) {
    request.resume();
    return gatewayAnswer(405, { message: 'この操作は利用できません。', code: 'method_not_allowed' });
  }
  const { route, params } = match;
  const raw = await readBody(request);
  if (!raw) {
    return gatewayAnswer(413, { message: '送信できるデータの大きさを超えています。', code: 'bad_request' });
  }
  const contentType = String(request.headers['content-type'] ?? '');
  const isText = raw.length === 0 || textTypes.test(contentType);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams)
    query[name] = name in query ? `${query[name]},${value}` : value;
  // API Gateway stamps each request; here the stamp is the game's clock (functions/src/lib/clock.ts).
  const now = nowMs();
  const routeKey = `${route.method} ${route.path}`;
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: headers['cookie']?.split(/;\s*/),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(params).length ? params : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers['host'] ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: options.sourceIp ?? request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: new Date(now).toISOString(),
      timeEpoch: now,
    },
    body: raw.length ? (isText ? raw.toString('utf8') : raw.toString('base64')) : undefined,
    isBase64Encoded: !isText,
  };
  const handler = await loadHandler(route);
  const context = {
    functionName: (route as { name?: RouteName }).name ?? route.handler,
    awsRequestId: event.requestContext.requestId,
  } as Context;
  const calls = awsCallsByRoute.get(context.functionName) ?? new Map<string, boolean>();
  awsCallsByRoute.set(context.functionName, calls);
  const result = await runWithAwsAccess(
    context.functionName,
    route.aws,
    () => handler(event, context),
    ({ action, allowed }) => calls.set(action, (calls.get(action) ?? true) && allowed),
    teamSaveFault,
  );
  const outHeaders: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
  if (result.cookies?.length) outHeaders['set-cookie'] = result.cookies;
  const body = Buffer.from(result.body ?? '', result.isBase64Encoded ? 'base64' : 'utf8');
  return { status: result.statusCode ?? 200, headers: outHeaders, body };
}
