import { randomBytes } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  TooManyRequestsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  completeEmailChange,
  startRegistration,
  verifyRegistration,
} from '../../functions/src/domain/account/mail-flows';
import { mailTokenRepository } from '../../functions/src/db/repositories/mail-token-repository';
import { withdraw } from '../../functions/src/domain/account/profile-service';
import { newSocialUser } from '../../functions/src/domain/account/social-service';
import { userRepository } from '../../functions/src/db/repositories/user-repository';
import { passwordInUserPool } from '../../functions/src/adapters/identity/cognito-identity';
import { resetConfig } from '../../functions/src/lib/config';
import { identity } from '../../functions/src/adapters/identity/identity-port';
import { issueSignInGrant, SIGN_IN_GRANT_MS } from '../../functions/src/adapters/identity/sign-in-grant';
import { listOutbox } from '../../functions/src/adapters/mail';
import { respond, type CustomAuthEvent } from '../../functions/src/triggers/custom-auth';
import './support/api';

/** The Verify auth challenge event the user pool sends for `username` with `answer`. */
const verifyEvent = (username: string, answer: string) =>
  ({
    version: '1',
    region: 'ap-northeast-1',
    userPoolId: 'ap-northeast-1_pool',
    triggerSource: 'VerifyAuthChallengeResponse_Authentication',
    userName: username,
    callerContext: { awsSdkVersion: '3', clientId: 'golf-web' },
    request: { userAttributes: {}, privateChallengeParameters: {}, challengeAnswer: answer },
    response: { answerCorrect: false },
  }) as unknown as CustomAuthEvent;

async function verdict(username: string, answer: string, now: Date): Promise<boolean> {
  const answered = await respond(verifyEvent(username, answer), now);
  return (answered.response as { answerCorrect: boolean }).answerCorrect;
}

const uniqueUser = () => `01J${randomBytes(12).toString('hex').toUpperCase().slice(0, 23)}`;

describe("the user pool's custom sign-in answered with a grant (Verify auth challenge)", () => {
  const now = new Date('2026-06-01T03:00:00Z');

  it('accepts a grant once, for its user, within its minute', async () => {
    const user = uniqueUser();
    const grant = await issueSignInGrant(user, now);
    expect(await verdict(user, grant, new Date(now.getTime() + 5_000))).toBe(true);
    expect(await verdict(user, grant, new Date(now.getTime() + 6_000))).toBe(false);
  });

  it("refuses another user's grant, and that grant is used up", async () => {
    const [owner, other] = [uniqueUser(), uniqueUser()];
    const grant = await issueSignInGrant(owner, now);
    expect(await verdict(other, grant, now)).toBe(false);
    expect(await verdict(owner, grant, now)).toBe(false);
  });

  it('refuses a grant after its minute', async () => {
    const user = uniqueUser();
    const grant = await issueSignInGrant(user, now);
    expect(await verdict(user, grant, new Date(now.getTime() + SIGN_IN_GRANT_MS))).toBe(false);
  });

  it.each([
    ['a forged grant', randomBytes(32).toString('base64url')],
    ['an empty answer', ''],
    ['a malformed answer', 'grant with spaces'],
    ['an over-long answer', 'a'.repeat(5000)],
  ])('refuses %s', async (_name, answer) => {
    expect(await verdict(uniqueUser(), answer, now)).toBe(false);
  });
});

describe('a busy user pool', () => {
  const pool = mockClient(CognitoIdentityProviderClient);

  beforeEach(() => {
    process.env['COGNITO_USER_POOL_ID'] = 'ap-northeast-1_pool';
    resetConfig();
    pool.reset();
    pool.rejects(new TooManyRequestsException({ message: 'Too many requests', $metadata: {} }));
  });
  afterEach(() => {
    delete process.env['COGNITO_USER_POOL_ID'];
    resetConfig();
    pool.reset();
  });

  it('answers 503 to a registration and mails no link', async () => {
    const email = `busy-${randomBytes(4).toString('hex')}@example.jp`;
    await expect(
      startRegistration(
        { email, password: 'password-123', password_confirmation: 'password-123' },
        '198.51.100.7',
        new Date(),
      ),
    ).rejects.toMatchObject({ statusCode: 503, code: 'service_unavailable' });
    expect(await listOutbox(email)).toEqual([]);
  });

  it('answers 503 to a withdrawal and keeps the player as they were, so they can ask again', async () => {
    const userId = uniqueUser().toLowerCase();
    await userRepository.createUserIfAbsent(newSocialUser(userId, new Date()));
    const auth = { userId, tokenId: `tok-${userId}`, expiresAt: Math.floor(Date.now() / 1000) + 3600 };
    await expect(withdraw(auth, { agree: true }, new Date())).rejects.toMatchObject({ statusCode: 503 });
    expect(await userRepository.getUser(userId)).not.toBeNull();
    expect(await userRepository.isWithdrawn(userId)).toBe(false);
  });

  it('answers 503 to an opened registration link and leaves no player or login behind', async () => {
    const userId = uniqueUser().toLowerCase();
    const email = `waiting-${userId}@example.jp`;
    const token = await mailTokenRepository.issueOneTimeToken(
      { purpose: 'register', email, user_id: userId, password_hash: null },
      3600_000,
      new Date(),
    );
    await expect(verifyRegistration(token, new Date())).rejects.toMatchObject({ statusCode: 503 });
    expect(await userRepository.getUser(userId)).toBeNull();
    expect(await userRepository.getLogin(email)).toBeNull();
  });

  it('answers 503 to an opened e-mail change link and keeps the old address and login', async () => {
    const userId = uniqueUser().toLowerCase();
    const [before, after] = [`before-${userId}@example.jp`, `after-${userId}@example.jp`];
    const player = { ...newSocialUser(userId, new Date()), email: before, is_registed_email: true };
    await userRepository.createUserWithLogin(player, {
      email: before,
      user_id: userId,
      password_hash: passwordInUserPool,
      groups: [],
    });
    const token = await mailTokenRepository.issueOneTimeToken(
      { purpose: 'email_change', email: after, user_id: userId, password_hash: null },
      3600_000,
      new Date(),
    );
    await expect(completeEmailChange({ token, registerFlg: false }, new Date())).rejects.toMatchObject({
      statusCode: 503,
    });
    expect(await userRepository.getLogin(after)).toBeNull();
    expect((await userRepository.getLogin(before))?.user_id).toBe(userId);
    expect((await userRepository.getUser(userId))?.email).toBe(before);
  });

  it('answers 503 to a sign-in and to a sign-in without a password', async () => {
    await expect(identity().signIn('someone@example.jp', 'password-123', new Date())).rejects.toMatchObject({
      statusCode: 503,
    });
    await expect(identity().issueFor(uniqueUser(), [], new Date())).rejects.toMatchObject({
      statusCode: 503,
    });
  });
});
