/**
 * The one route table. The local API server, the CDK API stack and the route tests all read it,
 * so local and cloud cannot drift. `handler` is the module under functions/src/handlers that
 * exports `handler`; `access` is enforced by the handler middleware.
 */
import { accountRoutes } from './routes/account';
import { devRoutes } from './routes/dev';
import { formRoutes } from './routes/forms';
import { prizeRoutes } from './routes/prizes';
import { topicRoutes } from './routes/topics';
import { gameRoutes } from './routes/game';
import { guildRoutes } from './routes/guild';
import { rankingRoutes } from './routes/ranking';
import { quizRoutes } from './routes/quiz';
import { masterRoutes } from './routes/master';
import { scheduleRoutes } from './routes/schedule';
import { reminderRoutes } from './routes/reminders';
import type { RouteAwsAccess } from './aws-access';
import type * as z from 'zod';
import type { ZodType } from 'zod';
import { decodedOrNull } from './url-escapes';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Access = 'public' | 'user' | 'operator';

// What a row may do in AWS lives in its own module, which functions import without the table.
export { RANKING_INPUTS_PREFIX } from './aws-access';
export type { AwsAccess } from './aws-access';
/**
 * The request's and answer's zod schemas. The handler wrapper validates params, query and body with
 * them and hands the handler their parsed types; the SPA's client takes its input and answer types
 * from them. A row without one takes no such input (`response`: the answer is not JSON the SPA reads).
 */
interface RouteSchemas {
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  response?: ZodType;
}

export interface RouteDefinition extends RouteSchemas {
  /** The row's key in the table: what logs, the SPA's client and the docs call the route. */
  name: string;
  method: HttpMethod;
  /** API Gateway style path: `/api/golf/guild/manage/{id}/fetch`. */
  path: string;
  handler: string;
  access: Access;
  /** What the handler may do in AWS (table and its partitions, uploads, user pool, mail); see AwsAccess. */
  aws: RouteAwsAccess;
  /** Seconds a shared cache (CloudFront) may keep a public answer; absent = `no-store`. */
  cacheSeconds?: number;
  /**
   * Also reads an `application/x-www-form-urlencoded` body into the body schema's object (a mail
   * client's one-click unsubscribe). Every other route answers such a body 415.
   */
  formBody?: true;
  /** Served by the local stack only (dev outbox, local identity provider); never deployed. */
  localOnly?: boolean;
}

/**
 * Each area keeps its rows in shared/src/routes/<area>.ts, one exported constant per row
 * (`savePickRoute`), which its handler imports and hands to `httpHandler`: a Lambda bundle then
 * holds its own row, not the table. The cloud deploys an area's functions together (one nested
 * stack each, so no stack nears CloudFormation's 500 resources).
 */
export const routeAreas = {
  master: masterRoutes,
  schedule: scheduleRoutes,
  account: accountRoutes,
  game: gameRoutes,
  guild: guildRoutes,
  ranking: rankingRoutes,
  quiz: quizRoutes,
  forms: formRoutes,
  topics: topicRoutes,
  prizes: prizeRoutes,
  reminders: reminderRoutes,
  dev: devRoutes,
} as const;
export type RouteArea = keyof typeof routeAreas;

/** The union of every area's rows. */
export const routes = {
  ...masterRoutes,
  ...scheduleRoutes,
  ...accountRoutes,
  ...gameRoutes,
  ...guildRoutes,
  ...rankingRoutes,
  ...quizRoutes,
  ...reminderRoutes,
  ...formRoutes,
  ...topicRoutes,
  ...prizeRoutes,
  ...devRoutes,
} as const satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof routes;
export type Routes = typeof routes;

/** A row whose `name` is not its key in its area's object fails to compile here, naming the key. */
type MisnamedRow = { [N in RouteName]: Routes[N]['name'] extends N ? never : N }[RouteName];
type Never<T extends never> = T;
/** @public */
export type RowsNamedByTheirKeys = Never<MisnamedRow>;

type SchemaOf<N extends RouteName, K extends keyof RouteSchemas> = Routes[N] extends {
  [P in K]: infer S extends ZodType;
}
  ? S
  : undefined;

/** What the handler receives after validation (`never`-free: a missing schema gives `{}`). */
export type RouteParams<N extends RouteName> =
  SchemaOf<N, 'params'> extends ZodType ? z.output<SchemaOf<N, 'params'>> : Record<string, never>;
export type RouteQuery<N extends RouteName> =
  SchemaOf<N, 'query'> extends ZodType ? z.output<SchemaOf<N, 'query'>> : Record<string, never>;
export type RouteBody<N extends RouteName> =
  SchemaOf<N, 'body'> extends ZodType ? z.output<SchemaOf<N, 'body'>> : undefined;
/** The JSON the handler answers with (the schema's input: what goes over the wire). */
export type RouteAnswer<N extends RouteName> =
  SchemaOf<N, 'response'> extends ZodType ? z.input<SchemaOf<N, 'response'>> : unknown;
/** The answer as the SPA reads it. */
export type RouteResponse<N extends RouteName> =
  SchemaOf<N, 'response'> extends ZodType ? z.output<SchemaOf<N, 'response'>> : unknown;

type Field<K extends string, S, Extra = never> = S extends ZodType
  ? Record<string, never> extends z.input<S>
    ? { [P in K]?: z.input<S> | Extra }
    : { [P in K]: z.input<S> | Extra }
  : { [P in K]?: never };

/**
 * What a caller passes: `params` as the handler reads them (typed numbers and enums, written into
 * the path), `query` and `body` as the schema accepts them (defaults optional). `Form` is what a
 * caller may send instead of a JSON body (the SPA's FormData for a multipart upload).
 */
export type RouteInput<N extends RouteName, Form = never> = (SchemaOf<N, 'params'> extends ZodType
  ? { params: z.output<SchemaOf<N, 'params'>> }
  : { params?: never }) &
  Field<'query', SchemaOf<N, 'query'>> &
  Field<'body', SchemaOf<N, 'body'>, Form>;

export const routeList = (): Array<RouteDefinition & { name: RouteName; area: RouteArea }> =>
  (Object.keys(routeAreas) as RouteArea[]).flatMap((area) =>
    (Object.keys(routeAreas[area]) as RouteName[]).map((name) => ({
      ...(routeAreas[area] as Record<string, RouteDefinition>)[name]!,
      name,
      area,
    })),
  );

/**
 * Turns `/api/a/{id}` into a matcher; literal segments win over parameters when both match. A
 * parameter that cannot be decoded matches nothing (callers refuse such a path with 400 first).
 */
export function matchRoute(
  method: string,
  path: string,
  definitions: Array<RouteDefinition & { name: RouteName }> = routeList(),
):
  | { route: RouteDefinition & { name: RouteName }; params: Record<string, string> }
  | { methodNotAllowed: true }
  | null {
  const segments = path.replace(/\/+$/, '').split('/');
  let best: {
    route: RouteDefinition & { name: RouteName };
    params: Record<string, string>;
    literals: number;
  } | null = null;
  let pathMatched = false;
  for (const route of definitions) {
    const pattern = route.path.split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let literals = 0;
    let ok = true;
    for (let i = 0; i < pattern.length; i++) {
      const part = pattern[i]!;
      const actual = segments[i]!;
      if (part.startsWith('{') && part.endsWith('}')) {
        const decoded = actual === '' ? null : decodedOrNull(actual);
        if (decoded === null) {
          ok = false;
          break;
        }
        params[part.slice(1, -1)] = decoded;
      } else if (part === actual) {
        literals++;
      } else {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    pathMatched = true;
    if (route.method !== method) continue;
    if (!best || literals > best.literals) best = { route, params, literals };
  }
  if (best) return { route: best.route, params: best.params };
  return pathMatched ? { methodNotAllowed: true } : null;
}
