import { createHash } from 'node:crypto';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Node } from 'constructs';
import type { DeadlineTarget } from './capacity';
import {
  isSignedInByApi,
  isSocialProvider,
  socialProviders,
  type SocialProvider,
} from '../../shared/src/schemas/values/social';

/** What differs between stages, in one typed place. */
export interface StageSettings {
  /**
   * The deadline minute this stage is built for: the API's throttles, the WAF's rate rules and the
   * table's warm throughput are derived from it (infra/lib/capacity.ts), and so are the quotas
   * docs/operations.md asks for before a tournament day.
   */
  deadline: DeadlineTarget;
  /** How long function, API and CDN logs are kept. */
  logRetention: RetentionDays;
  /** Alarm when the API's p99 latency passes this many milliseconds. */
  apiP99AlarmMs: number;
}

const tournamentDay: StageSettings = {
  // 1,000,000 players, a third of them saving in a round's last ten minutes: about 500 saves a second
  // on average, and ten times that at the peak of the last minute.
  deadline: { savesPerSecond: 5_000, players: 1_000_000, reminderSubscribers: 1_000_000 },
  logRetention: RetentionDays.THREE_MONTHS,
  apiP99AlarmMs: 3000,
};
const smaller: StageSettings = {
  // Testers and load runs: a hundredth of the tournament day's peak.
  deadline: { savesPerSecond: 50, players: 10_000, reminderSubscribers: 10_000 },
  logRetention: RetentionDays.TWO_WEEKS,
  apiP99AlarmMs: 5000,
};

/** Settings by stage; a stage not named here (a developer's own) gets `dev`'s. */
export const stageSettings: Record<string, StageSettings> = {
  prod: tournamentDay,
  dev: smaller,
  local: smaller,
};

/** The account LocalStack answers as, whatever the credentials. */
export const localStackAccount = '000000000000';

/**
 * Stages that only make sense on LocalStack: the app refuses them for any other account, so a real
 * account never gets a stage whose URLs may be localhost.
 */
const localOnlyStages = new Set(['local']);

/** What `npm run deploy:localstack` deploys with: stage `local`, the only one allowed localhost. */
export const localStackContext = {
  stage: 'local',
  account: localStackAccount,
  siteUrl: 'http://localhost:3000',
} as const;

/**
 * The ranking job's memory unless the context `rankingJobMemoryMb` says otherwise: a new account's
 * Lambda refuses any function above 3,008 MB until its quota is raised (docs/deploy.md).
 */
export const defaultRankingJobMemoryMb = 3008;
/** Lambda's range of function memory (MB). */
const lambdaMemoryMb = { min: 128, max: 10_240 };

/** Where the app deploys unless the context `region` says otherwise. */
const defaultRegion = 'ap-northeast-1';

/**
 * The one place deployment settings are read: CDK context (`cdk.json` or `-c key=value`).
 * `stage` is required; `local` (LocalStack) is the only stage whose URLs may be localhost.
 * Physical names are left to CloudFormation.
 */
export interface InfraConfig {
  /** Prefix of the stack names, so several stages can share an account. */
  stage: string;
  settings: StageSettings;
  /** The region every regional stack deploys to (CloudFront's WAF and certificate live in us-east-1). */
  region: string;
  /** Optional custom domain of the site, and its ACM certificate in us-east-1. */
  domainName?: string;
  certificateArn?: string;
  /** Where alarms are mailed (an SNS e-mail subscription, confirmed from the first mail). */
  alarmEmail?: string;
  /**
   * Cognito hosted domain prefix: `https://{domainPrefix}.auth.{region}.amazoncognito.com`, a name
   * every AWS customer of the region shares. Context `domainPrefix`; by default
   * `golf-{stage}-{hash}`, the hash of account, region and stage (defaultDomainPrefix).
   */
  domainPrefix: string;
  /**
   * Site origins: OAuth redirects and the uploads bucket's CORS. The first one is the canonical site.
   * Empty on a first deploy that knows neither a domain nor the CloudFront address yet: social
   * sign-in and uploads then wait for the second deploy with `siteUrl`.
   */
  siteUrls: string[];
  /** The user pool client's callbacks: the site's callback path of each provider the pool federates. */
  callbackUrls: string[];
  logoutUrls: string[];
  /** A verified SES identity. */
  mailFrom: string;
  /**
   * Whether this stage creates the SES identity of `mailFrom`'s domain (context `mailIdentity`:
   * `create`, the default) or sends from the one another stage on the same domain created (`reuse`):
   * SES holds one identity per domain and account.
   */
  mailIdentity: 'create' | 'reuse';
  /**
   * The social sign-in providers this stage offers (context `socialProviders`, the SPA's names:
   * `google,twitter,line,apple`), in that order. Only these become identity providers of the pool,
   * callbacks of the client and buttons on /login; none by default, so a first deploy needs no secret.
   */
  socialProviders: SocialProvider[];
  /**
   * Secrets Manager name prefix of the social providers' credentials (`{prefix}/google` etc.);
   * `golf-{stage}/social` by default, so stages never share a provider's secret.
   */
  socialSecretPrefix: string;
  /** Before the opening: the site shows /coming-soon off its whitelist (context `launchGate`). */
  launchGate: boolean;
  /**
   * The ranking job's memory, MB (context `rankingJobMemoryMb`, 3,008 by default: a new account's
   * limit). Its CPU and packing workers follow (functions/src/jobs/schedule.ts `packingWorkersFor`).
   */
  rankingJobMemoryMb: number;
  /**
   * LINE reminders (context `lineReminders`): the Messaging API channel whose access token is the
   * secret `secretName` (JSON `channelAccessToken`). Absent: the stage sends no LINE message, and
   * players are not offered LINE reminders.
   */
  lineMessaging?: { secretName: string };
}

/**
 * The SES rate the reminder senders share, mails a second (context `reminderMailsPerSecond`): 14 by
 * default, SES's first production quota; raise it with the account's quota (docs/operations.md,
 * Reminders). The reminders job starts each reminder time early enough to finish at this rate.
 * Read by the jobs stack, which gives it to the reminder functions.
 */
export function reminderMailRate(node: Pick<Node, 'tryGetContext'>): number {
  const value: unknown = node.tryGetContext('reminderMailsPerSecond') ?? 14;
  const rate = Number(value);
  if (!Number.isFinite(rate) || rate <= 0 || rate > 100_000)
    throw new Error(
      `Invalid CDK context:\n- reminderMailsPerSecond ${String(value)}: mails a second, above 0`,
    );
  return rate;
}

const configDefaults = {
  mailFrom: 'no-reply@golf-dream.example',
} as const;

/** Where every secret of a stage lives: `golf-{stage}/origin-verify`, `golf-{stage}/social/google`... */
export const secretPrefix = (stage: string) => `golf-${stage}`;

/**
 * The secrets a stage reads that nobody but the operator creates, with the JSON fields each must
 * hold: its providers' credentials (the auth stack resolves them at deploy time, the X bridge reads
 * X's at run time) and, with LINE reminders, the Messaging API channel's token (the reminder sender
 * reads it at run time). All in the stage's region. `npm run preflight` checks each before a deploy.
 */
export function operatorSecrets(config: InfraConfig): { name: string; fields: string[]; purpose: string }[] {
  return [
    ...config.socialProviders.map((provider) => ({
      name: `${config.socialSecretPrefix}/${socialSecretOf[provider].name}`,
      fields: [...socialSecretOf[provider].fields],
      purpose: socialSecretOf[provider].purpose,
    })),
    ...(config.lineMessaging
      ? [
          {
            name: config.lineMessaging.secretName,
            fields: ['channelAccessToken'],
            purpose: 'LINE Developers, the Messaging API channel: its long-lived channel access token',
          },
        ]
      : []),
  ];
}

/** Each provider's secret under `socialSecretPrefix` and the fields the auth stack reads from it. */
const socialSecretOf = {
  google: {
    name: 'google',
    fields: ['clientId', 'clientSecret'],
    purpose: 'Google Cloud console, OAuth client (web)',
  },
  apple: {
    name: 'apple',
    fields: ['servicesId', 'teamId', 'keyId', 'privateKey'],
    purpose: 'Apple Developer: Services ID, Sign in with Apple key (privateKey in PEM)',
  },
  line: {
    name: 'line',
    fields: ['channelId', 'channelSecret'],
    purpose: 'LINE Developers, the LINE Login channel',
  },
  twitter: {
    name: 'x',
    fields: ['clientId', 'clientSecret'],
    purpose: "X Developer Portal: the app's OAuth 2.0 client",
  },
} as const satisfies Record<SocialProvider, { name: string; fields: readonly string[]; purpose: string }>;

/**
 * The Cognito domain prefix a stage gets unless the context names one: the stage and 8 hex digits
 * of a hash of account, region and stage, the same at every synth of that deployment and unlikely
 * to be taken by anyone else. The account is the deploying credentials' (CDK_DEFAULT_ACCOUNT) or
 * the context `account`; pin `domainPrefix` in cdk.json to keep it whatever account synthesizes.
 */
export function defaultDomainPrefix(stage: string, region: string, account: string | undefined): string {
  const hash = createHash('sha256')
    .update(`${account ?? ''}/${region}/${stage}`)
    .digest('hex')
    .slice(0, 8);
  return `golf-${stage.toLowerCase()}-${hash}`;
}

type Context = Pick<Node, 'tryGetContext'>;

/** Reads and checks the settings; a wrong value stops the synth with the key to fix. */
export function readConfig(node: Context): InfraConfig {
  const problems: string[] = [];
  const text = (
    key: keyof typeof configDefaults | 'stage' | 'domainPrefix' | 'socialSecretPrefix',
    fallback?: string,
  ) => {
    const value: unknown =
      node.tryGetContext(key) ??
      (key in configDefaults ? configDefaults[key as keyof typeof configDefaults] : fallback);
    if (typeof value !== 'string' || value.trim() === '') problems.push(`${key} must be a non-empty string`);
    return String(value).trim();
  };
  const list = (key: string, fallback: string[]) => {
    const value: unknown = node.tryGetContext(key);
    if (value === undefined) return fallback;
    const items = Array.isArray(value) ? value.map(String) : String(value).split(',');
    return items.map((item) => item.trim()).filter((item) => item !== '');
  };
  const optional = (key: string) => {
    const value: unknown = node.tryGetContext(key);
    return value === undefined || String(value).trim() === '' ? undefined : String(value).trim();
  };

  if (node.tryGetContext('stage') === undefined) {
    throw new Error('Invalid CDK context:\n- stage is required: -c stage=dev (or prod, or your own)');
  }
  const stage = text('stage');
  if (!/^[A-Za-z][A-Za-z0-9-]*$/.test(stage)) problems.push(`stage ${stage}: letters, digits and hyphens`);
  const local = stage === 'local';
  const urls = (key: string, values: string[]) => {
    for (const value of values) {
      if (!isSiteUrl(value, local)) {
        problems.push(
          `${key}: ${value} must be https${local ? ', or http on localhost' : ' (no localhost outside stage local)'}`,
        );
      }
    }
    return values;
  };
  const region = optional('region') ?? defaultRegion;
  if (!/^[a-z]{2}(-[a-z]+)+-\d$/.test(region))
    problems.push(`region ${region}: a region name such as ap-northeast-1`);
  const domainName = optional('domainName');
  const certificateArn = optional('certificateArn');
  if (domainName && !certificateArn)
    problems.push('domainName needs certificateArn (an ACM certificate in us-east-1)');
  if (certificateArn && !certificateArn.startsWith('arn:aws:acm:us-east-1:')) {
    problems.push(`certificateArn ${certificateArn}: CloudFront takes certificates from us-east-1 only`);
  }
  const alarmEmail = optional('alarmEmail');
  if (alarmEmail && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(alarmEmail))
    problems.push(`alarmEmail ${alarmEmail}: an e-mail address`);
  const deployingAccount = process.env['CDK_DEFAULT_ACCOUNT'];
  const account = optional('account') ?? deployingAccount;
  // Both the context's and the credentials' account must be LocalStack's: either alone may be a real one.
  if (
    localOnlyStages.has(stage) &&
    (account !== localStackAccount || (deployingAccount ?? localStackAccount) !== localStackAccount)
  ) {
    problems.push(
      `stage ${stage} is for LocalStack only (account ${localStackAccount}, npm run deploy:localstack), ` +
        `not account ${deployingAccount ?? account ?? '(unknown)'}: deploy to AWS as dev, prod or a stage of your own`,
    );
  }
  const rankingJobMemoryMb = Number(optional('rankingJobMemoryMb') ?? defaultRankingJobMemoryMb);
  if (
    !Number.isInteger(rankingJobMemoryMb) ||
    rankingJobMemoryMb < lambdaMemoryMb.min ||
    rankingJobMemoryMb > lambdaMemoryMb.max
  )
    problems.push(
      `rankingJobMemoryMb ${optional('rankingJobMemoryMb')}: whole MB from ${lambdaMemoryMb.min} to ${lambdaMemoryMb.max} (above 3008 once the account's quota allows)`,
    );
  const domainPrefix = text('domainPrefix', defaultDomainPrefix(stage, region, account));
  // Cognito's rules for a hosted domain prefix.
  if (
    !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(domainPrefix) ||
    /aws|amazon|cognito/.test(domainPrefix)
  ) {
    problems.push(`domainPrefix ${domainPrefix}: lowercase letters, digits, hyphens; no aws/amazon/cognito`);
  }
  const enabled = enabledProviders(node.tryGetContext('socialProviders'), stage, problems);
  const siteUrls = urls(
    'siteUrl',
    list('siteUrl', domainName ? [`https://${domainName}`] : []).map(withoutTrailingSlash),
  );
  const callbackUrls = urls(
    'callbackUrls',
    list(
      'callbackUrls',
      // The user pool's client sends back only the providers it federates; the API's own sign-ins
      // (LINE) come back to the same paths, registered with the provider instead (docs/deploy.md).
      siteUrls.flatMap((site) =>
        enabled
          .filter((provider) => !isSignedInByApi(provider))
          .map((provider) => `${site}/login/${provider}/callback`),
      ),
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

  const mailIdentity = optional('mailIdentity') ?? 'create';
  if (mailIdentity !== 'create' && mailIdentity !== 'reuse')
    problems.push(
      `mailIdentity ${mailIdentity}: create (this stage owns the domain's SES identity) or reuse`,
    );
  const socialSecretPrefix = text('socialSecretPrefix', `${secretPrefix(stage)}/social`);
  const lineMessaging = onOff(forStage(node.tryGetContext('lineReminders'), stage), 'lineReminders', problems)
    ? { secretName: `${secretPrefix(stage)}/line-messaging` }
    : undefined;
  if (lineMessaging && !enabled.includes('line'))
    problems.push(
      'lineReminders needs line in socialProviders: a LINE reminder reaches the players who signed in with LINE',
    );

  if (problems.length > 0) throw new Error(`Invalid CDK context:\n- ${problems.join('\n- ')}`);
  return {
    stage,
    settings: stageSettings[stage] ?? stageSettings['dev']!,
    region,
    ...(domainName ? { domainName } : {}),
    ...(certificateArn ? { certificateArn } : {}),
    ...(alarmEmail ? { alarmEmail } : {}),
    domainPrefix,
    siteUrls,
    callbackUrls,
    logoutUrls,
    mailFrom,
    mailIdentity: mailIdentity === 'reuse' ? 'reuse' : 'create',
    socialProviders: enabled,
    socialSecretPrefix,
    launchGate: ['true', 'on', '1'].includes(String(node.tryGetContext('launchGate') ?? 'false')),
    rankingJobMemoryMb,
    ...(lineMessaging ? { lineMessaging } : {}),
  };
}

/** A context value given for every stage, or as an object by stage (`{"prod": ..., "dev": ...}`). */
function forStage(value: unknown, stage: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)[stage]
    : value;
}

/** A switch of the context: `true`/`on`/`1` or `false`/`off`/`0`; off when not given. */
function onOff(value: unknown, key: string, problems: string[]): boolean {
  if (value === undefined || value === null) return false;
  const text = String(value).trim().toLowerCase();
  if (['true', 'on', '1'].includes(text)) return true;
  if (!['false', 'off', '0', ''].includes(text)) problems.push(`${key} ${String(value)}: true or false`);
  return false;
}

/**
 * The context `socialProviders`: a list (`google,line` or a JSON array) for the stage deployed, or
 * an object of lists by stage (`{"prod": ["google", "line"], "dev": []}` in cdk.json). `x` is read
 * as `twitter`, the SPA's name of X. Answers the providers in the SPA's order, each once.
 */
function enabledProviders(value: unknown, stage: string, problems: string[]): SocialProvider[] {
  const given = forStage(value, stage);
  if (given === undefined || given === null) return [];
  const names = (Array.isArray(given) ? given.map(String) : String(given).split(','))
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '' && name !== 'none')
    .map((name) => (name === 'x' ? 'twitter' : name));
  for (const name of names) {
    if (!isSocialProvider(name))
      problems.push(`socialProviders ${name}: one of ${socialProviders.join(', ')} (or x)`);
  }
  return socialProviders.filter((provider) => names.includes(provider));
}

const localHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

function isSiteUrl(value: string, local: boolean): boolean {
  try {
    const url = new URL(value);
    if (localHosts.has(url.hostname)) return local;
    return url.protocol === 'https:';
  } catch {
    return false;
  }
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');
