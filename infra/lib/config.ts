import type { Node } from 'constructs';

/** Social sign-in providers, as they appear in the SPA's `/login/{provider}/callback` paths. */
export const socialProviders = ['google', 'twitter', 'line', 'apple'] as const;

/**
 * The one place deployment settings are read: CDK context (`cdk.json` or `-c key=value`), with
 * defaults that synthesise a working app offline. Physical names are left to CloudFormation.
 */
export interface InfraConfig {
  /** Prefix of the stack names, so several stages can share an account. */
  stage: string;
  /** Cognito hosted domain prefix: `https://{domainPrefix}.auth.{region}.amazoncognito.com`. */
  domainPrefix: string;
  /** Site origins: OAuth redirects and the uploads bucket's CORS. The first one is the canonical site. */
  siteUrls: string[];
  callbackUrls: string[];
  logoutUrls: string[];
  /** A verified SES identity. */
  mailFrom: string;
  /** Secrets Manager name prefix of the social providers' credentials (`{prefix}/google` etc.). */
  socialSecretPrefix: string;
  /** Issuer of the OIDC bridge in front of X's OAuth 2.0 (X has no native Cognito provider). */
  xOidcIssuerUrl: string;
  /** Before the opening: the site shows /coming-soon off its whitelist (context `launchGate`). */
  launchGate: boolean;
}

export const configDefaults = {
  stage: 'prod',
  domainPrefix: 'golf-dream-team',
  siteUrl: 'http://localhost:3000',
  mailFrom: 'no-reply@golf-dream.example',
  socialSecretPrefix: 'golf/social',
  xOidcIssuerUrl: 'https://x-oidc.golf-dream.example',
} as const;

type Context = Pick<Node, 'tryGetContext'>;

/** Reads and checks the settings; a wrong value stops the synth with the key to fix. */
export function readConfig(node: Context): InfraConfig {
  const problems: string[] = [];
  const text = (key: keyof typeof configDefaults) => {
    const value: unknown = node.tryGetContext(key) ?? configDefaults[key];
    if (typeof value !== 'string' || value.trim() === '') problems.push(`${key} must be a non-empty string`);
    return String(value).trim();
  };
  const list = (key: string, fallback: string[]) => {
    const value: unknown = node.tryGetContext(key);
    if (value === undefined) return fallback;
    const items = Array.isArray(value) ? value.map(String) : String(value).split(',');
    return items.map((item) => item.trim()).filter((item) => item !== '');
  };
  const urls = (key: string, values: string[]) => {
    if (values.length === 0) problems.push(`${key} must list at least one URL`);
    for (const value of values) {
      if (!isSiteUrl(value)) problems.push(`${key}: ${value} must be https, or http on localhost`);
    }
    return values;
  };

  const stage = text('stage');
  if (!/^[A-Za-z][A-Za-z0-9-]*$/.test(stage)) problems.push(`stage ${stage}: letters, digits and hyphens`);
  const domainPrefix = text('domainPrefix');
  // Cognito's rules for a hosted domain prefix.
  if (
    !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(domainPrefix) ||
    /aws|amazon|cognito/.test(domainPrefix)
  ) {
    problems.push(`domainPrefix ${domainPrefix}: lowercase letters, digits, hyphens; no aws/amazon/cognito`);
  }
  const siteUrls = urls('siteUrl', list('siteUrl', [configDefaults.siteUrl]).map(withoutTrailingSlash));
  const callbackUrls = urls(
    'callbackUrls',
    list(
      'callbackUrls',
      siteUrls.flatMap((site) => socialProviders.map((provider) => `${site}/login/${provider}/callback`)),
    ),
  );
  const logoutUrls = urls(
    'logoutUrls',
    list(
      'logoutUrls',
      siteUrls.map((site) => `${site}/logout`),
    ),
  );
  const mailFrom = text('mailFrom');
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(mailFrom)) problems.push(`mailFrom ${mailFrom}: an e-mail address`);

  const socialSecretPrefix = text('socialSecretPrefix');
  const xOidcIssuerUrl = withoutTrailingSlash(text('xOidcIssuerUrl'));
  if (!xOidcIssuerUrl.startsWith('https://')) problems.push(`xOidcIssuerUrl ${xOidcIssuerUrl}: an https URL`);

  if (problems.length > 0) throw new Error(`Invalid CDK context:\n- ${problems.join('\n- ')}`);
  return {
    stage,
    domainPrefix,
    siteUrls,
    callbackUrls,
    logoutUrls,
    mailFrom,
    socialSecretPrefix,
    xOidcIssuerUrl,
    launchGate: ['true', 'on', '1'].includes(String(node.tryGetContext('launchGate') ?? 'false')),
  };
}

function isSiteUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && url.hostname === 'localhost');
  } catch {
    return false;
  }
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');
