import * as z from 'zod';
import { socialProviders, type SocialProvider } from './values/social';

export { socialProviders, type SocialProvider } from './values/social';

const socialProviderSchema = z.enum(socialProviders);

/**
 * Each provider's name as a Cognito identity provider (`identity_provider=` of /oauth2/authorize and
 * the prefix of a federated user's `username`) and its label on the buttons. LINE and X are no
 * providers of the pool now (their sign-in is the API's own): their names are those of the users
 * the pool federated before (`LINE_{sub}`, `Twitter_{X user id}`), which their players keep.
 */
export const socialProviderInfo: Record<SocialProvider, { cognitoName: string; label: string }> = {
  google: { cognitoName: 'Google', label: 'Google' },
  twitter: { cognitoName: 'Twitter', label: 'X' },
  line: { cognitoName: 'LINE', label: 'LINE' },
  apple: { cognitoName: 'SignInWithApple', label: 'Apple' },
};

/**
 * Whether a user pool `username` is a federated user's of this provider (`{ProviderName}_{subject}`;
 * the pool keeps user names case-insensitively, so the prefix is compared that way).
 */
export function isFederatedUsername(username: string, provider?: SocialProvider): boolean {
  const names = provider
    ? [socialProviderInfo[provider].cognitoName]
    : Object.values(socialProviderInfo).map((info) => info.cognitoName);
  const lower = username.toLowerCase();
  return names.some((name) => lower.startsWith(`${name.toLowerCase()}_`));
}

/** The provider's own id of a federated user of this provider (the `username` after its prefix); null for any other. */
export const federatedSubject = (username: string, provider: SocialProvider): string | null =>
  isFederatedUsername(username, provider)
    ? username.slice(socialProviderInfo[provider].cognitoName.length + 1)
    : null;

const base64Url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, '使用できない文字が含まれています。');

export const socialProviderParamsSchema = z.object({ provider: socialProviderSchema });

/** GET /api/auth/social/{provider}/authorize: where the browser goes to sign in. */
export const socialAuthorizeQuerySchema = z.object({
  redirect_uri: z.url().max(500),
  state: base64Url(16, 128),
  /** S256 of the PKCE code_verifier the browser keeps. */
  code_challenge: base64Url(43, 43),
});
export type SocialAuthorizeQuery = z.infer<typeof socialAuthorizeQuerySchema>;
export const socialAuthorizeResponseSchema = z.object({ authorize_url: z.string() });

/** POST /api/auth/social/{provider}/token: the code from the callback, exchanged with PKCE. */
export const socialTokenBodySchema = z.object({
  code: base64Url(8, 512),
  code_verifier: base64Url(43, 128),
  redirect_uri: z.url().max(500),
});
export type SocialTokenBody = z.infer<typeof socialTokenBodySchema>;

/** The callback path of a provider on the site (also a registered OAuth callback URL). */
export const socialCallbackPath = (provider: SocialProvider) => `/login/${provider}/callback`;
