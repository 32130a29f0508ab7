/** The plain values of the social sign-in schemas (../social.ts), without zod, for the SPA's first bundle. */

/** The social sign-in providers of the spec, as they appear in `/login/{provider}/callback`. */
export const socialProviders = ['google', 'twitter', 'line', 'apple'] as const;
export type SocialProvider = (typeof socialProviders)[number];

export const isSocialProvider = (value: string): value is SocialProvider =>
  (socialProviders as readonly string[]).includes(value);
