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

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Access = 'public' | 'user' | 'operator';

/** The table's item actions each level allows (never Scan, never a table-level action). */
export const tableActions = {
  none: [],
  read: ['GetItem', 'BatchGetItem', 'Query'],
  write: [
    'GetItem',
    'BatchGetItem',
    'Query',
    'PutItem',
    'UpdateItem',
    'DeleteItem',
    'BatchWriteItem',
    'ConditionCheckItem',
  ],
} as const;
export type TableAccess = keyof typeof tableActions;
/** Object actions on the uploads bucket's `uploads/` prefix (a presigned POST needs PutObject). */
export type UploadAction = 'PutObject' | 'GetObject' | 'DeleteObject';
/** The user pool's actions the API calls; AdminAddUserToGroup only ever on operator routes. */
export type UserPoolAction =
  | 'AdminInitiateAuth'
  | 'AdminRespondToAuthChallenge'
  | 'AdminCreateUser'
  | 'AdminSetUserPassword'
  | 'AdminUpdateUserAttributes'
  | 'AdminDeleteUser'
  | 'AdminAddUserToGroup'
  | 'ListUsers';

/**
 * The AWS access a function needs, declared once: the CDK grants exactly this, and the local stack
 * refuses any other call with the AccessDenied AWS would answer.
 */
export interface AwsAccess {
  table: TableAccess;
  uploads?: readonly UploadAction[];
  userPool?: readonly UserPoolAction[];
  /** Sends mail through SES from the configured sender only. */
  mail?: boolean;
  /** Starts the ranking job (an asynchronous invoke of its function) after changing results. */
  startsRankingJob?: boolean;
}

export interface RouteDefinition {
  method: HttpMethod;
  /** API Gateway style path: `/api/golf/guild/manage/{id}/fetch`. */
  path: string;
  handler: string;
  access: Access;
  /** What the handler may do in AWS (table, uploads, user pool, mail); see AwsAccess. */
  aws: AwsAccess;
  /** Seconds a shared cache (CloudFront) may keep a public answer; absent = `no-store`. */
  cacheSeconds?: number;
  /** Served by the local stack only (dev outbox, local identity provider); never deployed. */
  localOnly?: boolean;
}

/**
 * Each area keeps its rows in shared/src/routes/<area>.ts. The cloud deploys an area's functions
 * together (one nested stack each, so no stack nears CloudFormation's 500 resources).
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

export const routeList = (): Array<RouteDefinition & { name: RouteName; area: RouteArea }> =>
  (Object.keys(routeAreas) as RouteArea[]).flatMap((area) =>
    (Object.keys(routeAreas[area]) as RouteName[]).map((name) => ({
      name,
      area,
      ...(routeAreas[area] as Record<string, RouteDefinition>)[name]!,
    })),
  );

/** Turns `/api/a/{id}` into a matcher; literal segments win over parameters when both match. */
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
        if (actual === '') {
          ok = false;
          break;
        }
        params[part.slice(1, -1)] = decodeURIComponent(actual);
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
