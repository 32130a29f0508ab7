/**
 * The security headers every answer carries: CloudFront adds them through a response headers
 * policy on each behaviour (infra/lib/stacks/web-stack.ts), the local stack sets the same ones.
 */
/** The header CloudFront sends the API origin with the origin secret (functions/src/lib/origin-lock.ts). */
export const originVerifyHeader = 'x-origin-verify';

export interface SiteOrigins {
  /** Where uploaded images are shown from (the uploads CDN; s3rver locally). */
  images: readonly string[];
  /** Where the browser posts uploads to (the uploads bucket's presigned POST). */
  uploads: readonly string[];
  /** The sign-in pages a form or a fetch may reach (the user pool's hosted domain). */
  signIn: readonly string[];
}

export const strictTransportSecurity = { maxAgeSeconds: 63_072_000, includeSubdomains: true, preload: true };
const referrerPolicy = 'strict-origin-when-cross-origin';

/**
 * Powerful features the game never uses, denied to the site and anything it embeds. Sharing
 * (`navigator.share`) and copying a link (`clipboard-write`) stay allowed.
 */
export const permissionsPolicy = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** No other window keeps a handle on the site's (a page it opened cannot reach back, nor one that opened it). */
export const crossOriginOpenerPolicy = 'same-origin';

/**
 * Only the site itself runs scripts and styles: no inline script, no `<style>` element and no
 * `style="..."` attribute in HTML (React sets its style props through the CSSOM, which style-src
 * does not govern); images, uploads and sign-in reach only the named origins; no page may frame the
 * site.
 */
export function contentSecurityPolicy(origins: SiteOrigins): string {
  const list = (values: readonly string[]) => [...new Set(values)].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: blob: ${list(origins.images)}`.trimEnd(),
    "font-src 'self'",
    `connect-src 'self' ${list([...origins.uploads, ...origins.signIn])}`.trimEnd(),
    `form-action 'self' ${list(origins.signIn)}`.trimEnd(),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * The storage origin (uploaded images, share pages) serves documents players did not write as code:
 * nothing on it runs a script, posts a form or is framed; its pages show its own images and
 * stylesheets only.
 */
export const storageContentSecurityPolicy = [
  "default-src 'none'",
  "img-src 'self'",
  "style-src 'self'",
  "font-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** The headers as a plain map, for a server that sets them itself (the site's CSP by default). */
export function securityHeaders(
  origins: SiteOrigins,
  csp: string = contentSecurityPolicy(origins),
): Record<string, string> {
  const hsts = strictTransportSecurity;
  return {
    'strict-transport-security': `max-age=${hsts.maxAgeSeconds}; includeSubDomains; preload`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': referrerPolicy,
    'content-security-policy': csp,
    'permissions-policy': permissionsPolicy,
    'cross-origin-opener-policy': crossOriginOpenerPolicy,
  };
}

/** The storage origin's headers, for the local stand-in of the uploads CDN. */
export const storageHeaders = () =>
  securityHeaders({ images: [], uploads: [], signIn: [] }, storageContentSecurityPolicy);
