import type { Node } from 'constructs';

/** The one place deployment settings are read (CDK context, `-c key=value`), with defaults. */
export interface InfraConfig {
  stage: string;
  domainPrefix: string;
  /** The site origin(s) Cognito may redirect to and the uploads bucket accepts. */
  siteUrls: string[];
  mailFrom: string;
}

export function readConfig(node: Node): InfraConfig {
  const get = (key: string, fallback: string) => String(node.tryGetContext(key) ?? fallback);
  const siteUrl = get('siteUrl', 'http://localhost:3000');
  return {
    stage: get('stage', 'prod'),
    domainPrefix: get('domainPrefix', 'golf-dream-team'),
    siteUrls: siteUrl.split(',').map((url) => url.trim()),
    mailFrom: get('mailFrom', 'no-reply@golf-dream.example'),
  };
}
