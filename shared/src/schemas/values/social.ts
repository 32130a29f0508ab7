/** The plain values of the social sign-in schemas (../social.ts), without zod, for the SPA's first bundle. */

/** The social sign-in providers of the spec, as they appear in `/login/{provider}/callback`. */
export const socialProviders = ['google', 'twitter', 'line', 'apple'] as const;
export type SocialProvider = (typeof socialProviders)[number];

export const isSocialProvider = (value: string): value is SocialProvider =>
  (socialProviders as readonly string[]).includes(value);

/**
 * The providers whose sign-in the API runs itself (docs/adr/0027-line-and-x-sign-in-by-the-api.md):
 * their players are users of the pool's own, signed in by the custom sign-in. The others go through
 * the user pool's hosted pages as its identity providers.
 */
const providersSignedInByApi = ['line', 'twitter'] as const satisfies readonly SocialProvider[];
export type ProviderSignedInByApi = (typeof providersSignedInByApi)[number];

export const isSignedInByApi = (provider: SocialProvider): provider is ProviderSignedInByApi =>
  (providersSignedInByApi as readonly string[]).includes(provider);
