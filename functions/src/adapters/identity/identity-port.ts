/**
 * The identity port: checks credentials, issues access tokens and keeps e-mail logins. Locally the
 * in-repo adapter (scrypt hashes in the table, tokens from local-issuer.ts); in AWS, when a user pool
 * is configured, the Cognito adapter (cognito-identity.ts). Tokens are verified by auth.ts in both.
 */
import { ulid } from 'ulid';
import { hostTimeMs } from '../../lib/clock';
import { config } from '../../lib/config';
import { localChallengeSubject, signLocalAccessToken, signLocalChallenge } from '../../lib/local-issuer';
import { type UserRecord, userRepository } from '../../db/repositories/user-repository';
import { cognitoIdentity } from './cognito-identity';
import { hashPassword, passwordCost, verifyPassword } from './password';
import { newTotpSecret, totpStep } from './totp';

export interface IssuedToken {
  token: string;
  expiresAt: Date;
  tokenId: string;
}

/** A password accepted: the token, or the TOTP code still owed (a challenge to answer with it). */
type PasswordSignIn =
  | { userId: string; issued: IssuedToken; groups: string[] }
  | { userId: string; challenge: string };

/** The signed-in user enrolling a TOTP: their address and the access token of the session. */
export interface TotpEnrolment {
  userId: string;
  email: string;
  accessToken: string;
}

export interface IdentityPort {
  signIn(email: string, password: string, now: Date): Promise<PasswordSignIn | null>;
  /** The code owed after the password: the token, or null (a wrong or used code, an expired challenge). */
  answerTotp(
    email: string,
    challenge: string,
    code: string,
    now: Date,
  ): Promise<{ userId: string; issued: IssuedToken } | null>;
  /** A secret for the user's authenticator app, or `enabled` when a TOTP is already required. */
  startTotp(enrolment: TotpEnrolment, now: Date): Promise<{ secret: string } | 'enabled'>;
  /** A code of that secret: from now on, every sign-in asks for one; false when the code is wrong. */
  confirmTotp(enrolment: TotpEnrolment, code: string, now: Date): Promise<boolean>;
  /** The login's TOTP removed (a lost device): its next sign-in enrols again; false without a login. */
  removeTotp(login: { userId: string; email: string }): Promise<boolean>;
  issueFor(userId: string, groups: string[], now: Date): Promise<IssuedToken>;
  /**
   * Registration has started: keeps the chosen password until the link is opened. Answers the new
   * player's id and what the link's record keeps (the local adapter's hash; nothing for the user
   * pool, which holds a user waiting for its address to be verified).
   */
  stageRegistration(
    email: string,
    password: string,
    now: Date,
  ): Promise<{ userId: string; passwordHash: string | null }>;
  /** The link was opened: the player and their e-mail login (with what was staged); false when taken. */
  createPlayer(user: UserRecord & { email: string }, passwordHash: string | null): Promise<boolean>;
  /** Whether the address has a login with a password, and whether `password` is it. */
  checkPassword(email: string, password: string): Promise<{ hasPassword: boolean; ok: boolean }>;
  /** Sets a new password for the address's login; false when the address has no login. */
  setPassword(email: string, password: string): Promise<boolean>;
  /** Moves the player's login (or a new one without a password) to another address; false when taken. */
  changeEmail(user: UserRecord, to: string, now: Date): Promise<boolean>;
  /**
   * A login for a new player of a provider whose sign-in the API runs itself (LINE, X), answering
   * the player's id: in the user pool a user of its own under that id, with no address and a
   * password nobody knows, which only the custom sign-in signs in.
   */
  createSocialLogin(now: Date): Promise<string>;
  /**
   * The player a provider's account signed in as through the user pool's federation before
   * (the pool's user `{ProviderName}_{subject}`), given a login of the pool's own when it has none;
   * null when the pool never federated that account.
   */
  adoptFederatedPlayer(providerName: string, subject: string): Promise<string | null>;
  /** Withdrawal: the player's sign-ins kept outside the table (the table's own go with the player's data). */
  removeLogins(userId: string): Promise<void>;
}

/**
 * A hash to compare with when the address is unknown or has no password: the cost of a password
 * set by a player (hashPassword's default), so the time taken does not tell whether it exists.
 */
export const decoyHash = `scrypt$${passwordCost.N}$${passwordCost.r}$${passwordCost.p}$${'A'.repeat(22)}$${'A'.repeat(43)}`;

/**
 * The instant a code is checked at: the host's, as the phone's app and the user pool read it, never
 * the game clock, which the local stack may have moved (README, "Running it locally").
 */
const phoneTime = () => new Date(hostTimeMs());

const localIdentity: IdentityPort = {
  async signIn(email, password, now) {
    const login = await userRepository.getLogin(email);
    const ok = await verifyPassword(password, login?.password_hash ?? decoyHash);
    if (!login?.password_hash || !ok) return null;
    // As the user pool with MFA optional: a login with a TOTP owes its code.
    if (login.totp_secret)
      return { userId: login.user_id, challenge: await signLocalChallenge(login.user_id, now) };
    return {
      userId: login.user_id,
      groups: login.groups,
      issued: await signLocalAccessToken({ sub: login.user_id, groups: login.groups }, 24 * 3600, now),
    };
  },
  async answerTotp(email, challenge, code, now) {
    const login = await userRepository.getLogin(email);
    if (!login?.totp_secret || (await localChallengeSubject(challenge, now)) !== login.user_id) return null;
    const step = totpStep(login.totp_secret, code, phoneTime());
    if (step === null || !(await userRepository.takeTotpStep(login.email, step))) return null;
    return {
      userId: login.user_id,
      issued: await signLocalAccessToken({ sub: login.user_id, groups: login.groups }, 24 * 3600, now),
    };
  },
  async startTotp({ email }) {
    const login = await userRepository.getLogin(email);
    if (login?.totp_secret) return 'enabled';
    const secret = newTotpSecret();
    if (!(await userRepository.setPendingTotp(email, secret))) throw new Error('no login to enrol');
    return { secret };
  },
  async confirmTotp({ email }, code) {
    const pending = (await userRepository.getLogin(email))?.totp_pending_secret;
    const step = pending ? totpStep(pending, code, phoneTime()) : null;
    return Boolean(pending) && step !== null && userRepository.enableTotp(email, pending ?? '', step);
  },
  removeTotp: ({ email }) => userRepository.removeTotp(email),
  issueFor: (userId, groups, now) => signLocalAccessToken({ sub: userId, groups }, 24 * 3600, now),
  stageRegistration: async (_email, password, now) => ({
    userId: ulid(now.getTime()),
    passwordHash: await hashPassword(password),
  }),
  createPlayer: async (user, passwordHash) =>
    Boolean(passwordHash) &&
    userRepository.createUserWithLogin(user, {
      email: user.email.toLowerCase(),
      user_id: user.user_id,
      password_hash: passwordHash,
      groups: [],
    }),
  async checkPassword(email, password) {
    const login = await userRepository.getLogin(email);
    const ok = await verifyPassword(password, login?.password_hash ?? decoyHash);
    return { hasPassword: Boolean(login?.password_hash), ok: Boolean(login?.password_hash) && ok };
  },
  setPassword: async (email, password) =>
    userRepository.setLoginPassword(email, await hashPassword(password)),
  async changeEmail(user, to, now) {
    const from = user.email ? await userRepository.getLogin(user.email) : null;
    return userRepository.moveLogin({ user, to, from: from?.user_id === user.user_id ? from : null, now });
  },
  createSocialLogin: async (now) => ulid(now.getTime()).toLowerCase(),
  // The local stack has no user pool, so no federated user from before.
  adoptFederatedPlayer: async () => null,
  // Every local login is in the table.
  removeLogins: async () => undefined,
};

export const identity = (): IdentityPort => (config().COGNITO_USER_POOL_ID ? cognitoIdentity : localIdentity);
