import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';
import {
  contentSecurityPolicy,
  crossOriginOpenerPolicy,
  permissionsPolicy,
  strictTransportSecurity,
  type SiteOrigins,
} from '@golf/shared/security-headers';

/**
 * The response headers policy of every behaviour: the same headers the local stack sends
 * (shared/src/security-headers.ts), overriding whatever an origin says. `csp` replaces the site's
 * policy (the storage origin has its own).
 */
export function securityHeadersPolicy(
  scope: Construct,
  id: string,
  origins: SiteOrigins,
  csp: string = contentSecurityPolicy(origins),
) {
  const hsts = strictTransportSecurity;
  return new cloudfront.ResponseHeadersPolicy(scope, id, {
    comment: 'HSTS, nosniff, no framing, referrer, CSP, permissions and opener policies',
    securityHeadersBehavior: {
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(hsts.maxAgeSeconds),
        includeSubdomains: hsts.includeSubdomains,
        preload: hsts.preload,
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      referrerPolicy: {
        referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        override: true,
      },
      contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
    },
    // Headers the security behaviour has no field for.
    customHeadersBehavior: {
      customHeaders: [
        { header: 'Permissions-Policy', value: permissionsPolicy, override: true },
        { header: 'Cross-Origin-Opener-Policy', value: crossOriginOpenerPolicy, override: true },
      ],
    },
  });
}
