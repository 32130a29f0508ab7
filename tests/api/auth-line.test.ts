import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { SignJWT } from 'jose';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminRespondToAuthChallengeCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { redeemSignInGrant } from '../../functions/src/adapters/identity/sign-in-grant';
import { resetConfig } from '../../functions/src/lib/config';
import { signLocalAccessToken } from '../../functions/src/lib/local-issuer';
import { newSocialUser, signInWithProvider } from '../../functions/src/domain/account/social-service';
import { lineNonce } from '../../functions/src/domain/account/line-sign-in';
import { withdraw } from '../../functions/src/domain/account/profile-service';
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

const callback = callbackOf('line');

/** Plays the browser at the stand-in LINE: opens its page, then allows as `subject`. */
const codeFor = (subject: string, verifier: string) =>
  codeAtStandIn('line', verifier, { subject, decision: 'allow' });

const exchange = <T = AuthAnswer>(body: Record<string, unknown>) => exchangeAs<T>('line', body);

async function signIn(subject: string) {
  const verifier = verifierOf();
  const code = await codeFor(subject, verifier);
  return exchange({ code, code_verifier: verifier, redirect_uri: callback });
}

const newSubject = () => `U${randomBytes(16).toString('hex')}`;

describe('LINE sign-in run by the API', () => {
  it("gives LINE's own authorize URL with the state, a nonce of the PKCE challenge and the channel id", async () => {
    const verifier = verifierOf();
    const url = await authorizeUrl('line', verifier, 'state-value-0123456789');
    expect(url.pathname).toBe('/api/dev/line/oauth2/v2.1/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: process.env['LINE_CHANNEL_ID'],
      redirect_uri: callback,
      state: 'state-value-0123456789',
      scope: 'openid profile',
      nonce: lineNonce(challengeOf(verifier)),
      code_challenge: challengeOf(verifier),
      code_challenge_method: 'S256',
    });
  });

  it('a code exchange creates a new player; signing in again finds the same one by the LINE subject', async () => {
    const subject = newSubject();
    const first = await signIn(subject);
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({
      is_registed_email: false,
      is_accepted_policy: false,
      status: 'mail_verify',
    });
    const me = await api<Record<string, unknown>>('GET', '/api/user/me', { token: first.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: null, is_registed_email: false });
    const userId = String(first.body.user['user_id']);
    expect((await userRepository.getUser(userId))?.social_logins).toEqual([{ provider: 'line', subject }]);

    const second = await signIn(subject);
    expect(second.status).toBe(200);
    expect(second.body.user['user_id']).toBe(userId);
    const other = await signIn(newSubject());
    expect(other.body.user['user_id']).not.toBe(userId);
  });

  it('two first sign-ins of one account at once make one player', async () => {
    const subject = newSubject();
    const [left, right] = await Promise.all([signIn(subject), signIn(subject)]);
    expect([left.status, right.status]).toEqual([200, 200]);
    expect(left.body.user['user_id']).toBe(right.body.user['user_id']);
  });

  it('a replayed code and a wrong verifier are refused with 400 and a Japanese message', async () => {
    const verifier = verifierOf();
    const code = await codeFor(newSubject(), verifier);
    const body = { code, code_verifier: verifier, redirect_uri: callback };
    expect((await exchange(body)).status).toBe(200);
    const replayed = await exchange<ErrorAnswer>(body);
    expect(replayed.status).toBe(400);
    expect(replayed.body.message).toBe('ログインに失敗しました。もう一度お試しください。');

    const stolen = await codeFor(newSubject(), verifierOf());
    const wrong = await exchange<ErrorAnswer>({
      code: stolen,
      code_verifier: verifierOf(),
      redirect_uri: callback,
    });
    expect(wrong.status).toBe(400);
  });

  it('a withdrawn player is gone: the same LINE account signs in as a new player', async () => {
    const subject = newSubject();
    const first = await signIn(subject);
    const userId = String(first.body.user['user_id']);
    await withdraw(
      { userId, tokenId: 'withdrawing', expiresAt: Math.floor(Date.now() / 1000) + 60 },
      { agree: true },
      new Date(),
    );
    const again = await signIn(subject);
    expect(again.status).toBe(200);
    expect(again.body.user['user_id']).not.toBe(userId);
  });
});

/**
 * A LINE that answers the token request as a test needs, to try what the stand-in never does: an ID
 * token signed with another key, for another channel or sign-in, expired; an error; a failure.
 */
describe('a LINE answer that cannot be trusted', () => {
  const line = useFakeProvider('line', 'LINE_API_URL');

  type Claims = { iss?: string; aud?: string; exp?: number; nonce?: string; sub?: string; key?: string };
  /** Answers an ID token for the form's sign-in, with `claims` changed. */
  const idToken =
    (claims: Claims) =>
    async ({ form }: { form: URLSearchParams }, response: ServerResponse) => {
      const at = Math.floor(Date.now() / 1000);
      const token = await new SignJWT({
        nonce: claims.nonce ?? lineNonce(challengeOf(form.get('code_verifier')!)),
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(claims.iss ?? 'https://access.line.me')
        .setAudience(claims.aud ?? process.env['LINE_CHANNEL_ID']!)
        .setSubject(claims.sub ?? newSubject())
        .setIssuedAt(at - 7200)
        .setExpirationTime(claims.exp ?? at + 3600)
        .sign(new TextEncoder().encode(claims.key ?? process.env['LINE_CHANNEL_SECRET']!));
      sendJson(response, 200, { access_token: 'a', id_token: token, token_type: 'Bearer', expires_in: 3600 });
    };

  const unverified = 'ログインの確認に失敗しました。お手数ですが、もう一度ログインしてください。';

  it('a well-formed answer signs in (the server plays LINE faithfully)', async () => {
    line.answer = idToken({});
    expect((await line.signInAt()).statusCode).toBe(200);
  });

  it.each<[string, Claims]>([
    ['signed with another key', { key: randomBytes(16).toString('hex') }],
    ['for another channel', { aud: '9999999999' }],
    ['from another issuer', { iss: 'https://evil.example' }],
    ['expired', { exp: Math.floor(Date.now() / 1000) - 600 }],
    ['for another sign-in (nonce)', { nonce: lineNonce(challengeOf(verifierOf())) }],
  ])('refuses an ID token %s with 400', async (_name, claims) => {
    line.answer = idToken(claims);
    expect(await line.signInAt()).toMatchObject({ statusCode: 400, message: unverified });
  });

  it('refuses a code LINE refuses with 400, and answers 503 when LINE fails or cannot be reached', async () => {
    line.answer = (_request, response) => sendJson(response, 400, { error: 'invalid_grant' });
    expect(await line.signInAt()).toMatchObject({
      statusCode: 400,
      message: 'ログインに失敗しました。もう一度お試しください。',
    });
    line.answer = (_request, response) => sendJson(response, 200, { access_token: 'no id token' });
    expect((await line.signInAt()).statusCode).toBe(400);
    line.answer = (_request, response) => sendJson(response, 500, { error: 'server_error' });
    expect((await line.signInAt()).statusCode).toBe(503);
    expect((await line.signInAt('http://127.0.0.1:9')).statusCode).toBe(503);
  });
});

/** The user pool in AWS (mocked): what the sign-in asks of it, and a custom sign-in that checks the grant. */
describe('LINE sign-in with the user pool', () => {
  const pool = mockClient(CognitoIdentityProviderClient);
  const poolId = 'ap-northeast-1_pool';

  beforeEach(() => {
    process.env['COGNITO_USER_POOL_ID'] = poolId;
    resetConfig();
    pool.reset();
    pool
      .on(AdminGetUserCommand)
      .rejects(new UserNotFoundException({ message: 'User does not exist.', $metadata: {} }));
    pool.on(AdminCreateUserCommand).resolves({});
    pool.on(AdminSetUserPasswordCommand).resolves({});
    pool.on(AdminInitiateAuthCommand).resolves({ ChallengeName: 'CUSTOM_CHALLENGE', Session: 'session' });
    // The pool's Verify trigger takes the grant; the tokens are the pool user's.
    pool
      .on(AdminRespondToAuthChallengeCommand)
      .callsFake(async (input: { ChallengeResponses: Record<string, string> }) => {
        const username = input.ChallengeResponses['USERNAME']!;
        if (!(await redeemSignInGrant(input.ChallengeResponses['ANSWER'], username, new Date())))
          throw new Error('the grant was refused');
        const { token } = await signLocalAccessToken({ sub: `pool-sub-${username}`, username }, 3600);
        return { AuthenticationResult: { AccessToken: token } };
      });
  });
  afterEach(() => {
    delete process.env['COGNITO_USER_POOL_ID'];
    resetConfig();
  });
  afterAll(() => pool.restore());

  async function signInAs(subject: string) {
    const verifier = verifierOf();
    const code = await codeFor(subject, verifier);
    return signInWithProvider('line', { code, code_verifier: verifier, redirect_uri: callback }, new Date());
  }

  it('a new player gets a pool user of its own under their id, without an address, signed in with a grant', async () => {
    const signedIn = await signInAs(newSubject());
    const userId = signedIn.user.user_id;
    const created = pool.commandCalls(AdminCreateUserCommand).map((call) => call.args[0].input);
    expect(created).toEqual([{ UserPoolId: poolId, Username: userId, MessageAction: 'SUPPRESS' }]);
    expect(pool.commandCalls(AdminSetUserPasswordCommand)[0]!.args[0].input).toMatchObject({
      Username: userId,
      Permanent: true,
    });
    expect(pool.commandCalls(AdminInitiateAuthCommand)[0]!.args[0].input).toMatchObject({
      AuthFlow: 'CUSTOM_AUTH',
      AuthParameters: { USERNAME: userId },
    });
    expect(signedIn.access_token).toMatch(/^ey/);
  });

  it('a player the pool federated from LINE before keeps their account, linked by the LINE subject', async () => {
    // Federated sign-ins made the player under the federated user's sub; the table kept no LINE subject.
    const playerId = crypto.randomUUID();
    await userRepository.createUserIfAbsent(newSocialUser(playerId, new Date()));
    const subject = newSubject();
    pool
      .on(AdminGetUserCommand, { UserPoolId: poolId, Username: `LINE_${subject}` })
      .resolves({ Username: `LINE_${subject}`, UserAttributes: [{ Name: 'sub', Value: playerId }] });

    const first = await signInAs(subject);
    expect(first.user.user_id).toBe(playerId);
    // A login of the pool's own under the player's id, for the custom sign-in.
    expect(pool.commandCalls(AdminCreateUserCommand).map((call) => call.args[0].input.Username)).toEqual([
      playerId,
    ]);
    expect(await userRepository.getSocialLogin({ provider: 'line', subject })).toBe(playerId);
    expect((await userRepository.getUser(playerId))?.social_logins).toEqual([{ provider: 'line', subject }]);

    pool.resetHistory();
    const again = await signInAs(subject);
    expect(again.user.user_id).toBe(playerId);
    expect(pool.commandCalls(AdminGetUserCommand)).toHaveLength(0);
  });
});
