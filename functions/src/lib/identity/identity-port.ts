/**
 * The identity port: checks credentials and issues access tokens. Locally the in-repo adapter
 * (scrypt hashes in the table, tokens from local-issuer.ts); in AWS a Cognito adapter
 * (InitiateAuth USER_PASSWORD_AUTH) behind the same interface. Tokens are verified by auth.ts in both.
 */
import { signLocalAccessToken } from '../local-issuer';
import { getLogin } from '../../db/repositories/user-repository';
import { verifyPassword } from './password';

export interface IssuedToken {
  token: string;
  expiresAt: Date;
  tokenId: string;
}

export interface IdentityPort {
  signIn(email: string, password: string, now: Date): Promise<{ userId: string; issued: IssuedToken } | null>;
  issueFor(userId: string, groups: string[], now: Date): Promise<IssuedToken>;
}

export const localIdentity: IdentityPort = {
  async signIn(email, password, now) {
    const login = await getLogin(email);
    // Hash anyway when the e-mail is unknown, so timing does not tell whether it exists.
    const ok = await verifyPassword(
      password,
      login?.password_hash ?? 'scrypt$1024$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA',
    );
    if (!login || !ok) return null;
    return {
      userId: login.user_id,
      issued: await signLocalAccessToken({ sub: login.user_id, groups: login.groups }, 24 * 3600, now),
    };
  },
  issueFor: (userId, groups, now) => signLocalAccessToken({ sub: userId, groups }, 24 * 3600, now),
};

export const identity = (): IdentityPort => localIdentity;
