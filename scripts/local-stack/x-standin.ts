import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  escapeHtml,
  pkceMatches,
  readForm,
  sameSecret,
  sendHtml,
  sendJson,
  serveStandIn,
  takeCode,
  withQuery,
} from './http-parts';
import { basicCredentials } from '../../functions/src/lib/basic-credentials';

/**
 * The local stand-in for X's OAuth 2.0, at X's documented paths under `/api/dev/x`:
 * `/i/oauth2/authorize` (x.com's consent page), `/2/oauth2/token` (api.x.com; a confidential client
 * authenticates with Basic) and `/2/users/me` (who the bearer token is for: id, name, username; X
 * gives no e-mail). The API's X sign-in speaks to it exactly as it speaks to X. Codes are one-time,
 * 30 seconds, bound to the client, redirect URI and PKCE challenge, as X documents them.
 */
export const xStandInPrefix = '/api/dev/x/';

export interface XStandInSettings {
  clientId: string;
  clientSecret: string;
  /** The SPA's X callback, the one redirect URI of the X app. */
  redirectUri: string;
}

interface XAccount {
  id: string;
  username: string;
  name: string;
}

const codes = new Map<
  string,
  { account: XAccount; clientId: string; redirectUri: string; challenge: string; expiresAt: number }
>();
const tokens = new Map<string, { account: XAccount; expiresAt: number }>();

function checkAuthorize(params: URLSearchParams, settings: XStandInSettings): string | null {
  if (params.get('client_id') !== settings.clientId) return 'invalid client_id';
  if (params.get('redirect_uri') !== settings.redirectUri) return 'redirect_uri not registered';
  if (params.get('response_type') !== 'code') return 'response_type must be code';
  if (!(params.get('scope') ?? '').split(' ').includes('users.read')) return 'scope must include users.read';
  if (params.get('code_challenge_method') !== 'S256' || !params.get('code_challenge'))
    return 'PKCE (S256) is required';
  if (!params.get('state')) return 'state is required';
  return null;
}

function consentPage(params: URLSearchParams): string {
  const hidden = [...params.entries()]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const field = (id: string, label: string, value: string, pattern: string) =>
    `<label for="${id}">${label}</label><input type="text" id="${id}" name="${id}" required maxlength="50" pattern="${pattern}" value="${value}">`;
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>X でログイン (ローカル)</title>
<style>body{font-family:sans-serif;margin:0;padding:24px;background:#000;color:#e7e9ea}
main{max-width:360px;margin:0 auto;background:#16181c;border-radius:12px;padding:20px}
label{display:block;margin:12px 0 4px;font-size:14px}input[type=text]{width:100%;box-sizing:border-box;padding:10px;font-size:16px}
button{width:100%;margin-top:16px;padding:12px;font-size:16px;border-radius:999px;border:0;background:#eff3f4;color:#0f1419}
button[value=deny]{background:#333;color:#eee}p{font-size:13px;color:#aaa}</style></head>
<body><main><h1>X でログイン</h1>
<p>ローカル環境の X (x.com) の代わりです。このアプリにアカウントへのアクセスを許可しますか。メールアドレスは渡されません。</p>
<form method="post">${hidden}
${field('x_user_id', 'X のユーザーID (数字)', String(1_000_000 + Math.floor(Math.random() * 9_000_000)), '[0-9]{1,19}')}
${field('x_username', 'X のユーザー名', 'local_x_player', '[A-Za-z0-9_]{1,15}')}
${field('x_name', 'X の表示名', 'ローカルXプレイヤー', '.{1,50}')}
<button type="submit" name="decision" value="allow">アプリにアクセスを許可</button>
<button type="submit" name="decision" value="deny">キャンセル</button>
</form></main></body></html>`;
}

async function authorize(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  settings: XStandInSettings,
): Promise<void> {
  const params = request.method === 'POST' ? await readForm(request) : url.searchParams;
  const problem = checkAuthorize(params, settings);
  if (problem) return sendHtml(response, 400, `<p>${escapeHtml(problem)}</p>`);
  if (request.method !== 'POST') return sendHtml(response, 200, consentPage(params));
  const state = params.get('state')!;
  if (params.get('decision') !== 'allow') {
    response.writeHead(302, { location: withQuery(settings.redirectUri, { error: 'access_denied', state }) });
    return void response.end();
  }
  const account = {
    id: params.get('x_user_id') ?? '',
    username: params.get('x_username') ?? '',
    name: (params.get('x_name') ?? '').trim(),
  };
  if (!/^\d{1,19}$/.test(account.id) || !/^\w{1,15}$/.test(account.username) || !account.name)
    return sendHtml(response, 400, '<p>invalid account</p>');
  const code = randomBytes(24).toString('base64url');
  codes.set(code, {
    account,
    clientId: settings.clientId,
    redirectUri: settings.redirectUri,
    challenge: params.get('code_challenge')!,
    expiresAt: Date.now() + 30_000,
  });
  response.writeHead(302, { location: withQuery(settings.redirectUri, { code, state }) });
  response.end();
}

async function token(request: IncomingMessage, response: ServerResponse, settings: XStandInSettings) {
  const { form, issued } = await takeCode(request, codes);
  const basic = request.headers.authorization ?? '';
  // Undecodable credentials are a wrong client, as at X.
  const { id = '', secret = '' } = (basic.startsWith('Basic ') && basicCredentials(basic.slice(6))) || {};
  if (!sameSecret(id, settings.clientId) || !sameSecret(secret, settings.clientSecret))
    return sendJson(response, 401, { error: 'unauthorized_client' });
  if (form.get('grant_type') !== 'authorization_code')
    return sendJson(response, 400, { error: 'unsupported_grant_type' });
  if (
    !issued ||
    issued.expiresAt < Date.now() ||
    issued.clientId !== id ||
    form.get('redirect_uri') !== issued.redirectUri ||
    !pkceMatches(form.get('code_verifier'), issued.challenge)
  )
    return sendJson(response, 400, { error: 'invalid_request' });
  const accessToken = randomBytes(32).toString('base64url');
  tokens.set(accessToken, { account: issued.account, expiresAt: Date.now() + 7200_000 });
  sendJson(response, 200, {
    token_type: 'bearer',
    expires_in: 7200,
    access_token: accessToken,
    scope: 'users.read tweet.read',
  });
}

function usersMe(request: IncomingMessage, response: ServerResponse) {
  const bearer = request.headers.authorization ?? '';
  const found = tokens.get(bearer.startsWith('Bearer ') ? bearer.slice(7) : '');
  if (!found || found.expiresAt < Date.now())
    return sendJson(response, 401, { title: 'Unauthorized', type: 'about:blank', status: 401 });
  sendJson(response, 200, { data: found.account });
}

/** Serves the stand-in X's paths under `/api/dev/x/`; false for any other. */
export const handleXStandIn = (
  request: IncomingMessage,
  response: ServerResponse,
  settings: XStandInSettings,
): Promise<boolean> =>
  serveStandIn(request, xStandInPrefix, {
    'GET /i/oauth2/authorize': (url) => authorize(request, response, url, settings),
    'POST /i/oauth2/authorize': (url) => authorize(request, response, url, settings),
    'POST /2/oauth2/token': () => token(request, response, settings),
    'GET /2/users/me': () => usersMe(request, response),
  });
