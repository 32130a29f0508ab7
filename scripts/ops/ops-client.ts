/**
 * The operator CLI's client: the route table's typed client (shared/src/route-client.ts) over every
 * row, local-only ones included, sending each call to the operator API with an operator's token.
 * A route whose name, params, query or body changes fails the CLI's typecheck where it calls it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routeList, type RouteName } from '../../shared/src/contracts';
import {
  buildApiUrl,
  createRouteClient,
  type RouteClient,
  type RouteTargets,
} from '../../shared/src/route-client';
import { resetConfig } from '../../functions/src/lib/config';
import { localIssuer, signLocalAccessToken } from '../../functions/src/lib/local-issuer';
import { LOCAL_CLI_SUBJECT } from '../../functions/src/domain/account/second-factor';

export type OpsClient = RouteClient<RouteName>;

/** The API's answer to a refused call: `{ message, errors? }` in the API's one error shape. */
export interface Refusal {
  message?: string;
  code?: string;
  errors?: Record<string, string[]>;
}

/** A call the API refused, with its status and answer. */
export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    readonly answer: Refusal,
  ) {
    super(`${status} ${answer.message ?? ''}`);
  }
}

/** A call that found no API at the URL. */
class ApiUnreachable extends Error {}

const targets = Object.fromEntries(
  routeList().map((route) => [route.name, [route.method, route.path]]),
) as unknown as RouteTargets<RouteName>;

/** The client of the API at `url`, each call sent with the token `token` answers. */
export function opsClient(url: string, token: () => Promise<string>): OpsClient {
  return createRouteClient<RouteName>(targets, async ({ method, path, query, body }) => {
    const authorization = `Bearer ${await token()}`;
    let response: Response;
    try {
      response = await fetch(url + buildApiUrl(path, query), {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          accept: 'application/json',
          authorization,
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? String(error);
      throw new ApiUnreachable(
        `${url} に接続できませんでした（${cause}）。ローカルでは npm start で起動しているか、--url、OPS_URL、PORT を確認してください。`,
      );
    }
    const answer = answerOf(await response.text(), response.status);
    if (!response.ok) throw new ApiRefusal(response.status, answer as Refusal);
    return answer;
  });
}

/**
 * The API's JSON answer. Anything else is a page of what stands in front of it (the WAF's or the
 * CDN's refusal, a gateway's error): a refusal with its status and the page's first words.
 */
function answerOf(text: string, status: number): unknown {
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const words = text
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 120);
    throw new ApiRefusal(status, { message: `APIの応答ではありません（JSONでない答え）：${words}` });
  }
}

/**
 * The token of `--token`, else one of the local issuer signed with the local stack's own key, whose
 * session the stack records as past a second factor (the operator routes want one).
 */
export async function operatorToken(url: string, given: string | true | undefined): Promise<string> {
  if (typeof given === 'string' && given) return given;
  const keyFile = join(process.cwd(), '.data', 'auth-signing-key.json');
  if (!existsSync(keyFile))
    throw new Error(`no --token and no local signing key at ${keyFile} (start the local stack once)`);
  process.env['STAGE'] = 'local';
  process.env['LOCAL_AUTH_PRIVATE_JWK'] = readFileSync(keyFile, 'utf8');
  process.env['AUTH_ISSUER'] = localIssuer(url);
  process.env['AUTH_AUDIENCE'] = 'golf-web';
  resetConfig();
  const { token } = await signLocalAccessToken({ sub: LOCAL_CLI_SUBJECT, groups: ['operators'] }, 600);
  try {
    await opsClient(url, async () => token).createDevOpsCliSession();
  } catch (error) {
    if (!(error instanceof ApiRefusal)) throw error;
    throw new Error(`${url} はCLIの運営者セッションを受け付けませんでした（${error.status}）`);
  }
  return token;
}
