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
 * Only the site itself runs scripts; images, uploads and sign-in reach only the named origins; no
 * page may frame the site. Inline style attributes stay allowed (React renders a few).
 */
export function contentSecurityPolicy(origins: SiteOrigins): string {
  const list = (values: readonly string[]) => [...new Set(values)].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${list(origins.images)}`.trimEnd(),
    "font-src 'self'",
    `connect-src 'self' ${list([...origins.uploads, ...origins.signIn])}`.trimEnd(),
    `form-action 'self' ${list(origins.signIn)}`.trimEnd(),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The headers as a plain map, for a server that sets them itself. */
export function securityHeaders(origins: SiteOrigins): Record<string, string> {
  const hsts = strictTransportSecurity;
  return {
    'strict-transport-security': `max-age=${hsts.maxAgeSeconds}; includeSubDomains; preload`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': referrerPolicy,
    'content-security-policy': contentSecurityPolicy(origins),
  };
}
