import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { basicCredentials } from '../../functions/src/lib/basic-credentials';
import { userRepository } from '../../functions/src/db/repositories/user-repository';
import { api } from './support/api';
import {
  authorizeUrl,
  callbackOf,
  challengeOf,
  codeAtStandIn,
  exchange as exchangeAs,
  sendJson,
  useFakeProvider,
  verifierOf,
  type AuthAnswer,
  type ErrorAnswer,
} from './support/social-sign-in';

const callback = callbackOf('twitter');
const newXUserId = () => String(BigInt(`0x${randomBytes(7).toString('hex')}`));

/** Plays the browser at the stand-in X's consent page: allows as the account `id`. */
const codeFor = (id: string, verifier: string) =>
  codeAtStandIn('twitter', verifier, {
    x_user_id: id,
    x_username: 'api_golfer',
    x_name: 'API ゴルファー',
    decision: 'allow',
  });

const exchange = <T = AuthAnswer>(body: Record<string, unknown>) => exchangeAs<T>('twitter', body);

async function signIn(id: string) {
  const verifier = verifierOf();
  const code = await codeFor(id, verifier);
  return exchange({ code, code_verifier: verifier, redirect_uri: callback });
}

describe('X sign-in run by the API', () => {
  it("gives X's own authorize URL with the state, the PKCE challenge, the client id and the scopes /2/users/me needs", async () => {
    const verifier = verifierOf();
    const url = await authorizeUrl('twitter', verifier, 'state-value-0123456789');
    expect(url.pathname).toBe('/api/dev/x/i/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: process.env['X_CLIENT_ID'],
      redirect_uri: callback,
      scope: 'users.read tweet.read',
      state: 'state-value-0123456789',
      code_challenge: challengeOf(verifier),
      code_challenge_method: 'S256',
    });
  });

  it('a code exchange creates a new player without an e-mail; signing in again finds the same one by the X user id', async () => {
    const id = newXUserId();
    const first = await signIn(id);
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ is_registed_email: false, status: 'mail_verify' });
    const me = await api<Record<string, unknown>>('GET', '/api/user/me', { token: first.body.access_token });
    expect(me.body).toMatchObject({ email: null, is_registed_email: false });
    const userId = String(first.body.user['user_id']);
    expect((await userRepository.getUser(userId))?.social_logins).toEqual([
      { provider: 'twitter', subject: id },
    ]);

    const again = await signIn(id);
    expect(again.body.user['user_id']).toBe(userId);
    // The same id at LINE is another account.
    const verifier = verifierOf();
    const line = await exchangeAs('line', {
      code: await codeAtStandIn('line', verifier, { subject: id, decision: 'allow' }),
      code_verifier: verifier,
      redirect_uri: callbackOf('line'),
    });
    expect(line.body.user['user_id']).not.toBe(userId);
  });

  it('a replayed code and a wrong verifier are refused with 400 and a Japanese message', async () => {
    const verifier = verifierOf();
    const body = {
      code: await codeFor(newXUserId(), verifier),
      code_verifier: verifier,
      redirect_uri: callback,
    };
    expect((await exchange(body)).status).toBe(200);
    const replayed = await exchange<ErrorAnswer>(body);
    expect(replayed.status).toBe(400);
    expect(replayed.body.message).toBe('ログインに失敗しました。もう一度お試しください。');
    const stolen = await codeFor(newXUserId(), verifierOf());
    expect(
      (await exchange({ code: stolen, code_verifier: verifierOf(), redirect_uri: callback })).status,
    ).toBe(400);
  });
});

describe('an X answer that cannot be used', () => {
  const x = useFakeProvider('twitter', 'X_API_URL');

  it('signs in as a confidential client (Basic) with the verifier, then reads /2/users/me with the token', async () => {
    const asked: string[] = [];
    const id = newXUserId();
    const verifier = verifierOf();
    x.answer = ({ method, path, headers, form }, response) => {
      asked.push(`${method} ${path}`);
      if (path === '/2/oauth2/token') {
        expect(basicCredentials(String(headers.authorization).slice(6))).toEqual({
          id: process.env['X_CLIENT_ID'],
          secret: process.env['X_CLIENT_SECRET'],
        });
        expect(Object.fromEntries(form)).toMatchObject({
          grant_type: 'authorization_code',
          code_verifier: verifier,
          redirect_uri: callback,
        });
        return sendJson(response, 200, { token_type: 'bearer', access_token: 'x-token', expires_in: 7200 });
      }
      expect(headers.authorization).toBe('Bearer x-token');
      sendJson(response, 200, { data: { id, name: 'X', username: 'x' } });
    };
    expect((await x.signInAt(x.url, verifier)).statusCode).toBe(200);
    expect(asked).toEqual(['POST /2/oauth2/token', 'GET /2/users/me']);
  });

  it('refuses a code X refuses, and an answer without a token or a user id, with 400; X failing is a 503', async () => {
    const failed = { statusCode: 400, message: 'ログインに失敗しました。もう一度お試しください。' };
    x.answer = (_request, response) => sendJson(response, 400, { error: 'invalid_request' });
    expect(await x.signInAt()).toMatchObject(failed);
    x.answer = (_request, response) => sendJson(response, 401, { error: 'unauthorized_client' });
    expect(await x.signInAt()).toMatchObject(failed);
    x.answer = (_request, response) => sendJson(response, 200, { token_type: 'bearer' });
    expect(await x.signInAt()).toMatchObject(failed);
    x.answer = ({ path }, response) =>
      path === '/2/oauth2/token'
        ? sendJson(response, 200, { access_token: 'x-token' })
        : sendJson(response, 200, { errors: [{ title: 'Not Found Error' }] });
    expect(await x.signInAt()).toMatchObject(failed);
    x.answer = ({ path }, response) =>
      path === '/2/oauth2/token'
        ? sendJson(response, 200, { access_token: 'x-token' })
        : sendJson(response, 503, { title: 'Service Unavailable' });
    expect((await x.signInAt()).statusCode).toBe(503);
    expect((await x.signInAt('http://127.0.0.1:9')).statusCode).toBe(503);
  });
});
