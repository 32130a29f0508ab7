import * as z from 'zod';
import type { AuthResponse } from '@golf/shared/schemas/account';
import {
  federatedSubject,
  socialCallbackPath,
  socialProviderInfo,
  type SocialAuthorizeQuery,
  type SocialProvider,
  type SocialTokenBody,
} from '@golf/shared/schemas/social';
import { type UserRecord, userRepository } from '../../db/repositories/user-repository';
import { verifyAccessToken } from '../../lib/auth';
import { config } from '../../lib/config';
import { AppError, validationFailed } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { authResponse, newPlayer } from './account-service';

/**
 * Social sign-in through the user pool's hosted OAuth endpoints (Cognito's domain in AWS, the local
 * stand-in under the local issuer): the browser is sent to `/oauth2/authorize` for one provider with
 * its state and PKCE challenge; the code it brings back is exchanged here at `/oauth2/token` with the
 * browser's code_verifier, the access token verified like any other, and the player found or created.
 */
const socialSignInFailedMessage = 'ログインに失敗しました。もう一度お試しください。';

/** A provider the deployment does not enable has no identity provider in the pool: refused here. */
function checkProvider(provider: SocialProvider, redirectUri: string): void {
  if (!config().SOCIAL_PROVIDERS.includes(provider)) {
    throw validationFailed({ provider: ['このログイン方法は利用できません。'] });
  }
  if (redirectUri !== `${config().SITE_URL}${socialCallbackPath(provider)}`) {
    throw validationFailed({ redirect_uri: ['このリダイレクト先は使用できません。'] });
  }
}

export function socialAuthorizeUrl(provider: SocialProvider, query: SocialAuthorizeQuery): string {
  checkProvider(provider, query.redirect_uri);
  const url = new URL(`${config().AUTH_OAUTH_URL}/oauth2/authorize`);
  url.search = new URLSearchParams({
    identity_provider: socialProviderInfo[provider].cognitoName,
    client_id: config().AUTH_AUDIENCE,
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: query.redirect_uri,
    state: query.state,
    code_challenge: query.code_challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

const tokenAnswerSchema = z.object({ access_token: z.string(), expires_in: z.number().int().positive() });

async function exchangeCode(body: SocialTokenBody): Promise<string> {
  const response = await fetch(`${config().AUTH_OAUTH_URL}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: config().AUTH_AUDIENCE,
      code: body.code,
      redirect_uri: body.redirect_uri,
      code_verifier: body.code_verifier,
    }).toString(),
  });
  const answer = tokenAnswerSchema.safeParse(await response.json().catch(() => null));
  if (!response.ok || !answer.success) {
    logger.warn('social code exchange refused', { status: response.status });
    throw new AppError(401, 'unauthenticated', socialSignInFailedMessage);
  }
  return answer.data.access_token;
}

/** A player who signed in with a provider for the first time: no registered e-mail yet. */
export const newSocialUser = (
  userId: string,
  now: Date,
  linked: UserRecord['linked_accounts'] = {},
): UserRecord =>
  newPlayer(userId, now, { is_registed_email: false, status: 'mail_verify', linked_accounts: linked });

export async function signInWithProvider(
  provider: SocialProvider,
  body: SocialTokenBody,
  now: Date,
): Promise<AuthResponse> {
  checkProvider(provider, body.redirect_uri);
  const accessToken = await exchangeCode(body);
  const auth = await verifyAccessToken(accessToken);
  // A federated user's username is `{IdentityProviderName}_{subject}`: the token must come from this provider.
  const subject = federatedSubject(auth.username, provider);
  if (!subject) throw new AppError(401, 'unauthenticated', socialSignInFailedMessage);
  // A withdrawal cannot be undone by signing in again with the same identity.
  if (await userRepository.isWithdrawn(auth.userId))
    throw new AppError(401, 'unauthenticated', 'このアカウントは退会済みです。');
  const found =
    (await userRepository.getUser(auth.userId)) ??
    (await userRepository.createUserIfAbsent(newSocialUser(auth.userId, now, { [provider]: subject })));
  // The account keeps the link, so the sessions the player gets later (the e-mail step's, a password
  // sign-in's) reach what it offers, such as LINE reminders. A player from before links were kept gets it now.
  const user =
    found.linked_accounts?.[provider] === subject
      ? found
      : ((await userRepository.updateUserFields(
          auth.userId,
          { linked_accounts: { ...found.linked_accounts, [provider]: subject } },
          now,
        )) ?? found);
  return authResponse(
    { token: accessToken, expiresAt: new Date(auth.expiresAt * 1000), tokenId: auth.tokenId },
    user,
  );
}
