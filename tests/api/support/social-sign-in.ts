import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import type { SocialProvider } from '@golf/shared/schemas/social';
import { signInWithProvider } from '@golf/functions/domain/account/social-service';
import { api, baseUrl } from './api';

/** The browser's half of a social sign-in, and a provider a test plays itself. */
export const verifierOf = () => randomBytes(48).toString('base64url');
export const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
export const callbackOf = (provider: SocialProvider) => `${baseUrl}/login/${provider}/callback`;

export type AuthAnswer = { access_token: string; expires_at: string; user: Record<string, unknown> };
export type ErrorAnswer = { message: string; code: string };

/** The provider's authorize URL the API answers for this attempt. */
export async function authorizeUrl(
  provider: SocialProvider,
  verifier: string,
  state = randomBytes(24).toString('base64url'),
): Promise<URL> {
  const query = new URLSearchParams({
    redirect_uri: callbackOf(provider),
    state,
    code_challenge: challengeOf(verifier),
  });
  const { status, body } = await api<{ authorize_url: string }>(
    'GET',
    `/api/auth/social/${provider}/authorize?${query}`,
  );
  expect(status).toBe(200);
  return new URL(body.authorize_url);
}

/**
 * Plays the browser at a provider's stand-in page: opens it, posts `fields` (who signs in, allowed),
 * and answers the code of the callback it is sent back to with the state.
 */
export async function codeAtStandIn(
  provider: SocialProvider,
  verifier: string,
  fields: Record<string, string>,
): Promise<string> {
  const state = randomBytes(24).toString('base64url');
  const url = await authorizeUrl(provider, verifier, state);
  expect((await fetch(url)).status).toBe(200);
  const form = new URLSearchParams(url.searchParams);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const allowed = await fetch(url, { method: 'POST', body: form, redirect: 'manual' });
  expect(allowed.status).toBe(302);
  const location = new URL(allowed.headers.get('location')!);
  expect(location.origin + location.pathname).toBe(callbackOf(provider));
  expect(location.searchParams.get('state')).toBe(state);
  return location.searchParams.get('code')!;
}

export const exchange = <T = AuthAnswer>(provider: SocialProvider, body: Record<string, unknown>) =>
  api<T>('POST', `/api/auth/social/${provider}/token`, { body });

interface ProviderRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
}

interface FakeProvider {
  url: string;
  answer: (request: ProviderRequest, response: ServerResponse) => void | Promise<void>;
  /** The API's answer to a sign-in whose code the provider at `at` exchanges: its status and message. */
  signInAt(at?: string, verifier?: string): Promise<{ statusCode: number; message: string }>;
}

/**
 * A provider's API a test answers itself, to try what its stand-in never does (a token signed
 * wrongly, an error, a failure): `answer` is set by each test; `signInAt` signs in with the API's
 * address of the provider (`apiVariable`) pointed at it, or at any other address.
 */
export function useFakeProvider(
  provider: SocialProvider,
  apiVariable: 'LINE_API_URL' | 'X_API_URL',
): FakeProvider {
  const fake: FakeProvider = {
    url: '',
    answer: (_request, response) => {
      response.writeHead(500).end();
    },
    async signInAt(at = fake.url, verifier = verifierOf()) {
      const before = process.env[apiVariable];
      process.env[apiVariable] = at;
      try {
        return await signInWithProvider(
          provider,
          { code: 'code-from-the-provider', code_verifier: verifier, redirect_uri: callbackOf(provider) },
          new Date(),
        ).then(
          () => ({ statusCode: 200, message: '' }),
          (error: { statusCode: number; message: string }) => ({
            statusCode: error.statusCode,
            message: error.message,
          }),
        );
      } finally {
        process.env[apiVariable] = before;
      }
    },
  };
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const { pathname } = new URL(request.url ?? '/', 'http://fake');
      const asked = { method: request.method ?? 'GET', path: pathname, headers: request.headers };
      void fake.answer({ ...asked, form: new URLSearchParams(text) }, response);
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return fake;
}

/** The fake providers answer JSON as the local stack's stand-ins do. */
export { sendJson } from '#scripts/local-stack/http-parts';
