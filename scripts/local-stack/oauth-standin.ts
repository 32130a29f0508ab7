import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { socialProviderInfo, socialProviders } from '../../shared/src/schemas/social';
import { config } from '../../functions/src/lib/config';
import { signLocalAccessToken } from '../../functions/src/lib/local-issuer';
import { isSignedInByApi } from '../../shared/src/schemas/values/social';
import {
  escapeHtml,
  pkceMatches,
  readForm,
  sendHtml,
  sendJson,
  serveStandIn,
  takeCode,
  withQuery,
} from './http-parts';

/**
 * The local stand-in for Cognito's hosted sign-in with a social provider the pool federates (Google,
 * Apple: `/oauth2/authorize`, `/oauth2/token` under the local issuer), so the whole authorization-code flow runs without the
 * internet. The authorize page plays the provider: it shows who signs in and hands back a one-time
 * code bound to the client, the redirect URI and the PKCE challenge; the token endpoint checks all
 * three and answers with an access token of the local issuer, whose `username` is
 * `{ProviderName}_{subject}` as Cognito names federated users.
 */
export const oauthStandInPrefix = '/api/dev/auth/oauth2/';

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  providerName: string;
  subject: string;
  expiresAt: number;
}

const codeLifetimeMs = 5 * 60 * 1000;
const codes = new Map<string, IssuedCode>();

const providerByCognitoName = new Map(
  socialProviders
    .filter((provider) => !isSignedInByApi(provider))
    .map((provider) => [socialProviderInfo[provider].cognitoName, provider] as const),
);

/** The app's own request, kept with the code the page hands back. */
interface AppRequest {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
}

/** The query of an authorize request, checked as Cognito checks it; null with the reason when not. */
function checkAuthorize(params: URLSearchParams): { error: string } | { providerName: string } {
  const providerName = params.get('identity_provider') ?? '';
  if (!providerByCognitoName.has(providerName)) return { error: 'unknown identity_provider' };
  if (params.get('client_id') !== config().AUTH_AUDIENCE) return { error: 'invalid client_id' };
  if (params.get('response_type') !== 'code') return { error: 'response_type must be code' };
  const redirectUri = params.get('redirect_uri') ?? '';
  if (!redirectUri.startsWith(`${config().SITE_URL}/login/`)) return { error: 'redirect_uri not registered' };
  if (params.get('code_challenge_method') !== 'S256' || !params.get('code_challenge'))
    return { error: 'PKCE (S256) is required' };
  if (!params.get('state')) return { error: 'state is required' };
  return { providerName };
}

function authorizePage(params: URLSearchParams, providerName: string): string {
  const provider = providerByCognitoName.get(providerName)!;
  return standInSignInPage(socialProviderInfo[provider].label, params, `local-${provider}-user`);
}

/**
 * The page a stand-in provider shows: who signs in (any account id), allowed or cancelled; the
 * request's own parameters go back with the form.
 */
export function standInSignInPage(label: string, params: URLSearchParams, defaultSubject: string): string {
  const hidden = [...params.entries()]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${label} でログイン (ローカル)</title>
<style>body{font-family:sans-serif;margin:0;padding:24px;background:#f4f6f4;color:#1d2b22}
main{max-width:360px;margin:0 auto;background:#fff;border-radius:12px;padding:20px}
label{display:block;margin:12px 0 4px;font-size:14px}input[type=text]{width:100%;box-sizing:border-box;padding:10px;font-size:16px}
button{width:100%;margin-top:16px;padding:12px;font-size:16px;border-radius:8px;border:0;background:#1f6b3a;color:#fff}
button[value=deny]{background:#ccc;color:#222}p{font-size:13px;color:#555}</style></head>
<body><main><h1>${label} でログイン</h1>
<p>ローカル環境の ${label} の代わりです。ログインするアカウントを指定してください。</p>
<form method="post">${hidden}
<label for="subject">${label} のアカウントID</label>
<input type="text" id="subject" name="subject" required maxlength="64" pattern="[A-Za-z0-9_.-]+" value="${escapeHtml(defaultSubject)}">
<button type="submit" name="decision" value="allow">許可する</button>
<button type="submit" name="decision" value="deny">キャンセル</button>
</form></main></body></html>`;
}

function issueCode(app: AppRequest, providerName: string, subject: string): string {
  const code = randomBytes(24).toString('base64url');
  codes.set(code, {
    clientId: app.clientId,
    redirectUri: app.redirectUri,
    codeChallenge: app.codeChallenge,
    providerName,
    subject,
    expiresAt: Date.now() + codeLifetimeMs,
  });
  return code;
}

function redirectTo(response: ServerResponse, location: string): void {
  response.writeHead(302, { location, 'cache-control': 'no-store' });
  response.end();
}

async function authorize(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
  const params = request.method === 'POST' ? await readForm(request) : url.searchParams;
  const checked = checkAuthorize(params);
  if ('error' in checked) return sendHtml(response, 400, `<p>${escapeHtml(checked.error)}</p>`);
  const app: AppRequest = {
    clientId: params.get('client_id')!,
    redirectUri: params.get('redirect_uri')!,
    codeChallenge: params.get('code_challenge')!,
  };
  if (request.method !== 'POST') return sendHtml(response, 200, authorizePage(params, checked.providerName));

  const redirectUri = params.get('redirect_uri')!;
  const state = params.get('state')!;
  const subject = params.get('subject') ?? '';
  let location: string;
  if (params.get('decision') !== 'allow') {
    location = withQuery(redirectUri, { error: 'access_denied', state });
  } else if (!/^[A-Za-z0-9_.-]{1,64}$/.test(subject)) {
    return sendHtml(response, 400, '<p>invalid subject</p>');
  } else {
    location = withQuery(redirectUri, { code: issueCode(app, checked.providerName, subject), state });
  }
  redirectTo(response, location);
}

/** The user id a federated identity gets: stable per provider and subject, like Cognito's sub. */
function standInUserId(providerName: string, subject: string): string {
  return `fed-${createHash('sha256').update(`${providerName}|${subject}`).digest('hex').slice(0, 24)}`;
}

async function token(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const { form, issued } = await takeCode(request, codes);
  if (form.get('grant_type') !== 'authorization_code')
    return sendJson(response, 400, { error: 'unsupported_grant_type' });
  if (!issued || issued.expiresAt < Date.now()) return sendJson(response, 400, { error: 'invalid_grant' });
  if (form.get('client_id') !== issued.clientId) return sendJson(response, 400, { error: 'invalid_client' });
  if (
    form.get('redirect_uri') !== issued.redirectUri ||
    !pkceMatches(form.get('code_verifier'), issued.codeChallenge)
  )
    return sendJson(response, 400, { error: 'invalid_grant' });

  const username = `${issued.providerName}_${issued.subject}`;
  const lifetime = 3600;
  const signed = await signLocalAccessToken(
    { sub: standInUserId(issued.providerName, issued.subject), username },
    lifetime,
  );
  sendJson(response, 200, { access_token: signed.token, token_type: 'Bearer', expires_in: lifetime });
}

/** Serves `/api/dev/auth/oauth2/{authorize,token}`; false for any other path. */
export const handleOAuthStandIn = (request: IncomingMessage, response: ServerResponse): Promise<boolean> =>
  serveStandIn(request, oauthStandInPrefix, {
    'GET /authorize': (url) => authorize(request, response, url),
    'POST /authorize': (url) => authorize(request, response, url),
    'POST /token': () => token(request, response),
  });
