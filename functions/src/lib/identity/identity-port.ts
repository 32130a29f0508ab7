/**
 * The identity port: checks credentials, issues access tokens and keeps e-mail logins. Locally the
 * in-repo adapter (scrypt hashes in the table, tokens from local-issuer.ts); in AWS a Cognito adapter
 * behind the same interface. Tokens are verified by auth.ts in both.
 */
import { signLocalAccessToken } from '../local-issuer';
import {
  createUserWithLogin,
  getLogin,
  moveLogin,
  setLoginPassword,
  type UserRecord,
} from '../../db/repositories/user-repository';
import { hashPassword, verifyPassword } from './password';

export interface IssuedToken {
  token: string;
  expiresAt: Date;
  tokenId: string;
}

export interface IdentityPort {
  signIn(email: string, password: string, now: Date): Promise<{ userId: string; issued: IssuedToken } | null>;
  issueFor(userId: string, groups: string[], now: Date): Promise<IssuedToken>;
  /** A new player with an e-mail login (the hash of the password chosen at registration); false when taken. */
  createPlayer(user: UserRecord & { email: string }, passwordHash: string): Promise<boolean>;
  /** Whether the address has a login with a password, and whether `password` is it. */
  checkPassword(email: string, password: string): Promise<{ hasPassword: boolean; ok: boolean }>;
  /** Sets a new password for the address's login; false when the address has no login. */
  setPassword(email: string, password: string): Promise<boolean>;
  /** Moves the player's login (or a new one without a password) to another address; false when taken. */
  changeEmail(user: UserRecord, to: string, now: Date): Promise<boolean>;
}

/** A hash to compare with when the address is unknown, so the time taken does not tell. */
const decoyHash = 'scrypt$1024$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA';

export const localIdentity: IdentityPort = {
  async signIn(email, password, now) {
    const login = await getLogin(email);
    const ok = await verifyPassword(password, login?.password_hash ?? decoyHash);
    if (!login?.password_hash || !ok) return null;
    return {
      userId: login.user_id,
      issued: await signLocalAccessToken({ sub: login.user_id, groups: login.groups }, 24 * 3600, now),
    };
  },
  issueFor: (userId, groups, now) => signLocalAccessToken({ sub: userId, groups }, 24 * 3600, now),
  createPlayer: (user, passwordHash) =>
    createUserWithLogin(user, {
      email: user.email.toLowerCase(),
      user_id: user.user_id,
      password_hash: passwordHash,
      groups: [],
    }),
  async checkPassword(email, password) {
    const login = await getLogin(email);
    const ok = await verifyPassword(password, login?.password_hash ?? decoyHash);
    return { hasPassword: Boolean(login?.password_hash), ok: Boolean(login?.password_hash) && ok };
  },
  setPassword: async (email, password) => setLoginPassword(email, await hashPassword(password)),
  async changeEmail(user, to, now) {
    const from = user.email ? await getLogin(user.email) : null;
    return moveLogin({ user, to, from: from?.user_id === user.user_id ? from : null, now });
  },
};

export const identity = (): IdentityPort => localIdentity;
