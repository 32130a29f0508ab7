import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SignJWT } from 'jose';
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
import { standInSignInPage } from './oauth-standin';

/**
 * The local stand-in for LINE Login v2.1, at LINE's paths under `/api/dev/line`:
 * `/oauth2/v2.1/authorize` (access.line.me's consent page) and `/oauth2/v2.1/token` (api.line.me),
 * which answers an ID token signed as LINE signs a web login's: HS256 with the channel secret, `iss`
 * https://access.line.me, `aud` the channel id, the request's nonce. Codes are one-time, bound to the
 * channel, the registered callback URL and the PKCE challenge.
 */
export const lineStandInPrefix = '/api/dev/line/';

export interface LineStandInSettings {
  channelId: string;
  channelSecret: string;
  /** The channel's callback URL: the SPA's LINE callback. */
  redirectUri: string;
}

interface IssuedCode {
  subject: string;
  redirectUri: string;
  challenge: string;
  nonce: string;
  expiresAt: number;
}

const codes = new Map<string, IssuedCode>();

function checkAuthorize(params: URLSearchParams, settings: LineStandInSettings): string | null {
  if (params.get('client_id') !== settings.channelId) return 'invalid client_id';
  if (params.get('redirect_uri') !== settings.redirectUri)
    return 'redirect_uri does not match the callback URL';
  if (params.get('response_type') !== 'code') return 'response_type must be code';
  if (!(params.get('scope') ?? '').split(' ').includes('openid')) return 'scope must include openid';
  if (params.get('code_challenge_method') !== 'S256' || !params.get('code_challenge'))
    return 'PKCE (S256) is required';
  if (!params.get('state')) return 'state is required';
  return null;
}

async function authorize(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  settings: LineStandInSettings,
): Promise<void> {
  const params = request.method === 'POST' ? await readForm(request) : url.searchParams;
  const problem = checkAuthorize(params, settings);
  if (problem) return sendHtml(response, 400, `<p>${escapeHtml(problem)}</p>`);
  if (request.method !== 'POST')
    return sendHtml(response, 200, standInSignInPage('LINE', params, 'local-line-user'));
  const state = params.get('state')!;
  const subject = params.get('subject') ?? '';
  let location: string;
  if (params.get('decision') !== 'allow') {
    location = withQuery(settings.redirectUri, {
      error: 'access_denied',
      error_description: 'The resource owner denied the request.',
      state,
    });
  } else if (!/^[A-Za-z0-9_.-]{1,64}$/.test(subject)) {
    return sendHtml(response, 400, '<p>invalid subject</p>');
  } else {
    const code = randomBytes(15).toString('base64url');
    codes.set(code, {
      subject,
      redirectUri: settings.redirectUri,
      challenge: params.get('code_challenge')!,
      nonce: params.get('nonce') ?? '',
      expiresAt: Date.now() + 10 * 60_000,
    });
    location = withQuery(settings.redirectUri, { code, state });
  }
  response.writeHead(302, { location, 'cache-control': 'no-store' });
  response.end();
}

async function token(request: IncomingMessage, response: ServerResponse, settings: LineStandInSettings) {
  const { form, issued } = await takeCode(request, codes);
  if (form.get('grant_type') !== 'authorization_code')
    return sendJson(response, 400, { error: 'unsupported_grant_type' });
  if (
    !sameSecret(form.get('client_id') ?? '', settings.channelId) ||
    !sameSecret(form.get('client_secret') ?? '', settings.channelSecret)
  )
    return sendJson(response, 400, { error: 'invalid_client' });
  if (
    !issued ||
    issued.expiresAt < Date.now() ||
    form.get('redirect_uri') !== issued.redirectUri ||
    !pkceMatches(form.get('code_verifier'), issued.challenge)
  )
    return sendJson(response, 400, {
      error: 'invalid_grant',
      error_description: 'invalid authorization code',
    });
  const issuedAt = Math.floor(Date.now() / 1000);
  const idToken = await new SignJWT({
    amr: ['linesso'],
    name: `LINE ${issued.subject}`,
    ...(issued.nonce ? { nonce: issued.nonce } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('https://access.line.me')
    .setSubject(issued.subject)
    .setAudience(settings.channelId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 3600)
    .sign(new TextEncoder().encode(settings.channelSecret));
  sendJson(response, 200, {
    access_token: randomBytes(32).toString('base64url'),
    expires_in: 2_592_000,
    id_token: idToken,
    refresh_token: randomBytes(16).toString('base64url'),
    scope: 'openid profile',
    token_type: 'Bearer',
  });
}

/** Serves the stand-in LINE's paths under `/api/dev/line/`; false for any other. */
export const handleLineStandIn = (
  request: IncomingMessage,
  response: ServerResponse,
  settings: LineStandInSettings,
): Promise<boolean> =>
  serveStandIn(request, lineStandInPrefix, {
    'GET /oauth2/v2.1/authorize': (url) => authorize(request, response, url, settings),
    'POST /oauth2/v2.1/authorize': (url) => authorize(request, response, url, settings),
    'POST /oauth2/v2.1/token': () => token(request, response, settings),
  });
