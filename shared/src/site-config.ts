import { socialProviders as allSocialProviders, type SocialProvider } from './schemas/values/social';

/**
 * Settings of the deployed site that the SPA reads at start from /site-config.js (before the app's
 * own code): the deployment writes the file from its configuration, the local stack serves it, so
 * an operator changes them without a new build.
 */
export interface SiteConfig {
  /** Before the opening: every page off the launch-gate whitelist shows /coming-soon. */
  launchGate?: boolean;
  /** The social sign-in providers the deployment enables: /login shows their buttons only. */
  socialProviders?: readonly SocialProvider[];
}

export const siteConfigPath = '/site-config.js';

export const siteConfigScript = (config: SiteConfig): string =>
  `window.__SITE_CONFIG__ = ${JSON.stringify(config)};\n`;

/** The providers whose buttons /login shows: the site's list, in the usual order; none when it names none. */
export function enabledSocialProviders(config: SiteConfig | undefined): SocialProvider[] {
  const listed: readonly string[] = config?.socialProviders ?? [];
  return allSocialProviders.filter((provider) => listed.includes(provider));
}
