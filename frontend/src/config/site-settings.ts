import type { SiteConfig } from '@golf/shared/site-config';

/** The deployed site's settings, set by /site-config.js before the app's own code runs. */
export const siteConfig: SiteConfig | undefined = (globalThis as { __SITE_CONFIG__?: SiteConfig })
  .__SITE_CONFIG__;
