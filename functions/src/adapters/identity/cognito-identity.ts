/**
 * The identity port in AWS: the Cognito user pool keeps e-mail logins and their passwords and issues
 * their tokens; the table keeps the login records (address -> player) the flows read, with
 * `password_hash` = `passwordInUserPool` where the pool holds a password.
 *
 * A login is a pool user whose username is the player's id (a social player who registers an
 * address gets one too, next to their federated user), with the address as its e-mail alias. The
 * alias signs in only once verified: registration creates the user with an unverified address and
 * the chosen password, and opening the link verifies it. Signing in without a password (a link just
 * opened) is the pool's custom sign-in answered with a one-time grant (sign-in-grant.ts).
 * Only the admin API is used, with the app client; the browser never talks to the pool directly.
 */
import { randomBytes } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminRespondToAuthChallengeCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
  VerifySoftwareTokenCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { ulid } from 'ulid';
import { isFederatedUsername } from '@golf/shared/schemas/social';
import { type LoginRecord, userRepository } from '../../db/repositories/user-repository';
import { playerIdOf } from '../../lib/auth';
import { guardClient } from '../../lib/aws-access';
import { config } from '../../lib/config';
import { AppError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import type { IdentityPort, IssuedToken } from './identity-port';
import { issueSignInGrant } from './sign-in-grant';

/** A login's `password_hash` when its password is kept by the user pool. */
export const passwordInUserPool = 'cognito';

let client: CognitoIdentityProviderClient | undefined;
const pool = () => {
  client ??= guardClient('cognito-idp', new CognitoIdentityProviderClient({}));
  return { client, UserPoolId: config().COGNITO_USER_POOL_ID, ClientId: config().AUTH_AUDIENCE };
};

/** Errors the pool answers with for a refused password or an unusable user. */
const refusals = new Set([
  'NotAuthorizedException',
  'UserNotFoundException',
  'UserNotConfirmedException',
  'PasswordResetRequiredException',
]);
const isNamed = (error: unknown, names: ReadonlySet<string> | string) =>
  error instanceof Error && (typeof names === 'string' ? error.name === names : names.has(error.name));

function issuedFrom(
  result: AuthenticationResultType | undefined,
): IssuedToken & { userId: string; groups: string[] } {
  if (!result?.AccessToken) throw new Error('the user pool answered without an access token');
  const claims = decodeJwt(result.AccessToken);
  const groups = claims['cognito:groups'];
  return {
    token: result.AccessToken,
    expiresAt: new Date((claims.exp ?? 0) * 1000),
    tokenId: claims.jti ?? '',
    userId: playerIdOf(claims.sub ?? '', typeof claims['username'] === 'string' ? claims['username'] : ''),
    groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [],
  };
}

/**
 * The pool's answer to the address's verified alias and password: its tokens, or the TOTP code it
 * asks next (its session, which the code answers, and the user's name); null when refused.
 */
async function passwordSignIn(email: string, password: string) {
  const { client, UserPoolId, ClientId } = pool();
  try {
    const answer = await client.send(
      new AdminInitiateAuthCommand({
        UserPoolId,
        ClientId,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email.toLowerCase(), PASSWORD: password },
      }),
    );
    if (answer.ChallengeName === 'SOFTWARE_TOKEN_MFA' && answer.Session)
      return { challenge: answer.Session, userId: answer.ChallengeParameters?.['USER_ID_FOR_SRP'] ?? '' };
    // Any other challenge (a new password required) is not a sign-in this game offers.
    return answer.AuthenticationResult ? issuedFrom(answer.AuthenticationResult) : null;
  } catch (error) {
    if (isNamed(error, refusals)) return null;
    throw error;
  }
}

/** The pool's refusals of a TOTP code: wrong, used, or its session over. */
const codeRefusals = new Set([
  'CodeMismatchException',
  'ExpiredCodeException',
  'NotAuthorizedException',
  'EnableSoftwareTokenMFAException',
]);

/** Whether the pool user has a TOTP (software token) among its MFA settings. */
async function hasTotp(username: string): Promise<boolean> {
  const { client, UserPoolId } = pool();
  const user = await client.send(new AdminGetUserCommand({ UserPoolId, Username: username }));
  return (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');
}

async function setTotpPreference(username: string, enabled: boolean): Promise<void> {
  const { client, UserPoolId } = pool();
  await client.send(
    new AdminSetUserMFAPreferenceCommand({
      UserPoolId,
      Username: username,
      SoftwareTokenMfaSettings: { Enabled: enabled, PreferredMfa: enabled },
    }),
  );
}

const emailAttributes = (email: string, verified: boolean) => [
  { Name: 'email', Value: email.toLowerCase() },
  { Name: 'email_verified', Value: String(verified) },
];

/** A pool user under the player's id; its password is set (permanent) so it never awaits a change. */
async function createPoolUser(username: string, email: string, verified: boolean, password: string) {
  const { client, UserPoolId } = pool();
  await client.send(
    new AdminCreateUserCommand({
      UserPoolId,
      Username: username,
      UserAttributes: emailAttributes(email, verified),
      MessageAction: 'SUPPRESS',
    }),
  );
  await client.send(
    new AdminSetUserPasswordCommand({ UserPoolId, Username: username, Password: password, Permanent: true }),
  );
}

/** A password nobody knows, for a login that has none yet (the pool wants one to be usable). */
const unknownPassword = () => `${randomBytes(24).toString('base64url')}aA1!`;

/**
 * A pool user under the player's id without an address, for the custom sign-in only; one that
 * exists already (a social player who registered an address has one) is kept as it is.
 */
async function createLoginWithoutPassword(username: string): Promise<void> {
  const { client, UserPoolId } = pool();
  try {
    await client.send(
      new AdminCreateUserCommand({ UserPoolId, Username: username, MessageAction: 'SUPPRESS' }),
    );
  } catch (error) {
    if (isNamed(error, 'UsernameExistsException')) return;
    throw error;
  }
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId,
      Username: username,
      Password: unknownPassword(),
      Permanent: true,
    }),
  );
}

/** Sets the address of a pool user, verified (an alias it signs in with) or not. */
async function setPoolEmail(username: string, email: string, verified: boolean): Promise<void> {
  const { client, UserPoolId } = pool();
  await client.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId,
      Username: username,
      UserAttributes: emailAttributes(email, verified),
    }),
  );
}

/**
 * Verifies the address on the player's pool user, once the table has given it to them (the table's
 * login is the lock on an address). Any other pool user with it verified is left over from before,
 * and loses it: the pool moves a verified alias, or refuses, depending on the call.
 */
async function claimPoolEmail(username: string, email: string): Promise<void> {
  try {
    await setPoolEmail(username, email, true);
  } catch (error) {
    if (!isNamed(error, 'AliasExistsException')) throw error;
    const others = (await usersWith('email', email)).filter(
      (user) => user.username !== username && user.verified,
    );
    for (const other of others) await setPoolEmail(other.username, email, false);
    await setPoolEmail(username, email, true);
  }
}

/** Runs the pool's side of a login written to the table; should it fail, the table's write is undone. */
async function orUndo(
  undo: Parameters<typeof userRepository.undoLoginWrite>[0],
  step: () => Promise<void>,
): Promise<void> {
  try {
    await step();
  } catch (error) {
    await userRepository
      .undoLoginWrite(undo)
      .catch((undoError: unknown) =>
        logger.error('login write not undone', { userId: undo.userId, error: String(undoError) }),
      );
    throw error;
  }
}

async function deletePoolUser(username: string): Promise<void> {
  const { client, UserPoolId } = pool();
  await client
    .send(new AdminDeleteUserCommand({ UserPoolId, Username: username }))
    .catch((error: unknown) => {
      if (!isNamed(error, 'UserNotFoundException')) throw error;
    });
}

/** Users of the pool whose attribute has this value (`email`, `sub`). */
async function usersWith(attribute: 'email' | 'sub', value: string) {
  const { client, UserPoolId } = pool();
  const { Users = [] } = await client.send(
    new ListUsersCommand({ UserPoolId, Filter: `${attribute} = ${JSON.stringify(value)}`, Limit: 20 }),
  );
  return Users.map((user) => ({
    username: user.Username ?? '',
    status: user.UserStatus ?? '',
    verified: user.Attributes?.some((a) => a.Name === 'email_verified' && a.Value === 'true') ?? false,
  }));
}

/**
 * The pool user a registration of this address created and that is still waiting for its link: a
 * user of the pool itself (not a federated one, which may carry the address unverified), with the
 * address unverified, and no player under its name.
 */
async function waitingRegistration(email: string): Promise<string | null> {
  const candidates = (await usersWith('email', email)).filter(
    (user) => !user.verified && user.status !== 'EXTERNAL_PROVIDER' && !isFederatedUsername(user.username),
  );
  for (const candidate of candidates)
    if (!(await userRepository.getUser(candidate.username))) return candidate.username;
  return null;
}

/** The pool's answers when it is busy or down: the player is asked to try again later (503), not shown a 500. */
const unavailable = new Set([
  'TooManyRequestsException',
  'LimitExceededException',
  'InternalErrorException',
  'TimeoutError',
]);

function answeringBusyAs503(port: IdentityPort): IdentityPort {
  const guarded = Object.entries(port).map(([name, method]) => [
    name,
    async (...args: unknown[]) => {
      try {
        return await (method as (...input: unknown[]) => Promise<unknown>)(...args);
      } catch (error) {
        if (!isNamed(error, unavailable)) throw error;
        logger.warn('user pool unavailable', { call: name, error: (error as Error).name });
        throw new AppError(503, 'service_unavailable');
      }
    },
  ]);
  return Object.fromEntries(guarded) as unknown as IdentityPort;
}

export const cognitoIdentity: IdentityPort = answeringBusyAs503({
  async signIn(email, password) {
    const [login, answer] = await Promise.all([
      userRepository.getLogin(email),
      passwordSignIn(email, password),
    ]);
    // The pool's user must be the login's player (a login mid-change or withdrawn is not).
    if (!login?.password_hash || !answer || answer.userId !== login.user_id) return null;
    if ('challenge' in answer) return answer;
    const { userId, groups, ...token } = answer;
    return { userId, groups, issued: token };
  },

  async answerTotp(email, challenge, code) {
    const login = await userRepository.getLogin(email);
    if (!login?.password_hash) return null;
    const { client, UserPoolId, ClientId } = pool();
    try {
      // The session names its user: the pool refuses it with another one's name.
      const answered = await client.send(
        new AdminRespondToAuthChallengeCommand({
          UserPoolId,
          ClientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: challenge,
          ChallengeResponses: { USERNAME: login.user_id, SOFTWARE_TOKEN_MFA_CODE: code },
        }),
      );
      if (!answered.AuthenticationResult) return null;
      const { userId, groups: _groups, ...token } = issuedFrom(answered.AuthenticationResult);
      return userId === login.user_id ? { userId, issued: token } : null;
    } catch (error) {
      if (isNamed(error, codeRefusals) || isNamed(error, refusals)) return null;
      throw error;
    }
  },

  async startTotp({ userId, accessToken }) {
    if (await hasTotp(userId)) return 'enabled';
    const { client } = pool();
    // Authorised by the session's access token, as the pool asks for this call.
    const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
    if (!SecretCode) throw new Error('the user pool answered no TOTP secret');
    return { secret: SecretCode };
  },

  async confirmTotp({ userId, accessToken }, code) {
    const { client } = pool();
    try {
      const { Status } = await client.send(
        new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: code }),
      );
      if (Status !== 'SUCCESS') return false;
    } catch (error) {
      if (isNamed(error, codeRefusals)) return false;
      throw error;
    }
    await setTotpPreference(userId, true);
    return true;
  },

  async removeTotp({ userId }) {
    try {
      await setTotpPreference(userId, false);
      return true;
    } catch (error) {
      if (isNamed(error, 'UserNotFoundException')) return false;
      throw error;
    }
  },

  async issueFor(userId, _groups, now) {
    const { client, UserPoolId, ClientId } = pool();
    const grant = await issueSignInGrant(userId, now);
    const started = await client.send(
      new AdminInitiateAuthCommand({
        UserPoolId,
        ClientId,
        AuthFlow: 'CUSTOM_AUTH',
        AuthParameters: { USERNAME: userId },
      }),
    );
    if (started.ChallengeName !== 'CUSTOM_CHALLENGE') {
      throw new Error(`the user pool's custom sign-in asked ${started.ChallengeName ?? 'nothing'}`);
    }
    const answered = await client.send(
      new AdminRespondToAuthChallengeCommand({
        UserPoolId,
        ClientId,
        ChallengeName: 'CUSTOM_CHALLENGE',
        Session: started.Session,
        ChallengeResponses: { USERNAME: userId, ANSWER: grant },
      }),
    );
    const { userId: _userId, groups: _tokenGroups, ...token } = issuedFrom(answered.AuthenticationResult);
    return token;
  },

  async stageRegistration(email, password, now) {
    // One waiting user per address: asking again sets the new password on the same user.
    const waiting = await waitingRegistration(email.toLowerCase());
    if (waiting) {
      const { client, UserPoolId } = pool();
      await client.send(
        new AdminSetUserPasswordCommand({
          UserPoolId,
          Username: waiting,
          Password: password,
          Permanent: true,
        }),
      );
      return { userId: waiting, passwordHash: null };
    }
    // Lower case: the pool compares user names without case, and the token's username is the id.
    const userId = ulid(now.getTime()).toLowerCase();
    await createPoolUser(userId, email, false, password);
    return { userId, passwordHash: null };
  },

  async createPlayer(user) {
    const email = user.email.toLowerCase();
    // The table first: its login is the lock on the address. Then the pool's alias is verified.
    const login: LoginRecord = {
      email,
      user_id: user.user_id,
      password_hash: passwordInUserPool,
      groups: [],
    };
    if (!(await userRepository.createUserWithLogin(user, login))) return false;
    try {
      await orUndo({ userId: user.user_id, addedEmail: email, previousUser: null, previousLogin: null }, () =>
        claimPoolEmail(user.user_id, email),
      );
    } catch (error) {
      // The waiting user is gone (removed by hand): the link cannot finish this registration.
      if (isNamed(error, 'UserNotFoundException')) return false;
      throw error;
    }
    return true;
  },

  async checkPassword(email, password) {
    const [login, issued] = await Promise.all([
      userRepository.getLogin(email),
      passwordSignIn(email, password),
    ]);
    const hasPassword = Boolean(login?.password_hash);
    return { hasPassword, ok: hasPassword && issued?.userId === login?.user_id };
  },

  async setPassword(email, password) {
    const login = await userRepository.getLogin(email);
    if (!login) return false;
    const { client, UserPoolId } = pool();
    try {
      await client.send(
        new AdminSetUserPasswordCommand({
          UserPoolId,
          Username: login.user_id,
          Password: password,
          Permanent: true,
        }),
      );
    } catch (error) {
      if (!isNamed(error, 'UserNotFoundException')) throw error;
      await createPoolUser(login.user_id, email, true, password);
    }
    return userRepository.setLoginPassword(email, passwordInUserPool);
  },

  async changeEmail(user, to, now) {
    const found = user.email ? await userRepository.getLogin(user.email) : null;
    const from = found?.user_id === user.user_id ? found : null;
    // The table first (the lock on the address), then the pool's user follows.
    if (!(await userRepository.moveLogin({ user, to, from, now }))) return false;
    const undo = {
      userId: user.user_id,
      addedEmail: to.toLowerCase(),
      previousUser: user,
      previousLogin: from,
    };
    await orUndo(undo, async () => {
      try {
        await claimPoolEmail(user.user_id, to);
      } catch (error) {
        if (!isNamed(error, 'UserNotFoundException')) throw error;
        // A social player's first address: a pool user of their own, without a password of theirs.
        await createPoolUser(user.user_id, to, false, unknownPassword());
        await claimPoolEmail(user.user_id, to);
      }
    });
    return true;
  },

  async createSocialLogin(now) {
    const userId = ulid(now.getTime()).toLowerCase();
    await createLoginWithoutPassword(userId);
    return userId;
  },

  async adoptFederatedPlayer(providerName, subject) {
    const { client, UserPoolId } = pool();
    let playerId: string | undefined;
    try {
      const found = await client.send(
        new AdminGetUserCommand({ UserPoolId, Username: `${providerName}_${subject}` }),
      );
      // A federated user's player is the one whose id is its sub (lib/auth.ts, playerIdOf).
      playerId = found.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
    } catch (error) {
      if (isNamed(error, 'UserNotFoundException')) return null;
      throw error;
    }
    if (!playerId) return null;
    await createLoginWithoutPassword(playerId);
    return playerId;
  },

  async removeLogins(userId) {
    // The player's own pool user, and the federated user whose sub is the player's id.
    const federated = (await usersWith('sub', userId)).map((user) => user.username);
    await Promise.all([...new Set([userId, ...federated])].map(deletePoolUser));
  },
});
