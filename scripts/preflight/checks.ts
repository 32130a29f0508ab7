/**
 * What `npm run preflight` concludes, as pure functions of what the stage asks for (`PreflightPlan`,
 * from its configuration) and what the account answered (`PreflightFacts`, scripts/preflight/facts.ts).
 * Each check gives one finding: OK, a to-do (the deploy works, but something waits for the operator),
 * or a blocker (the deploy would fail, or the site would not work). Texts are for the deploying
 * engineer and say what to do; docs/deploy.md explains each.
 */
import { deadlineCapacity } from '../../infra/lib/capacity';
import { operatorSecrets, secretPrefix, type InfraConfig } from '../../infra/lib/config';

export type Verdict = 'ok' | 'todo' | 'blocker';

export interface Finding {
  check: string;
  verdict: Verdict;
  text: string;
}

/** A call that failed (access denied, a network error): what it answered. */
export interface Failure {
  failed: string;
}

const isFailure = (value: unknown): value is Failure =>
  typeof value === 'object' && value !== null && 'failed' in value;

/** One CloudFormation stack the stage deploys, and where. */
interface StageStack {
  name: string;
  region: string;
}

/** A secret a stack creates under a fixed name: a copy left scheduled for deletion blocks its creation. */
interface StackSecret {
  name: string;
  region: string;
  stack: string;
}

/** What the stage asks of the account, read from its configuration. */
export interface PreflightPlan {
  stage: string;
  region: string;
  /** The regions its stacks deploy to: the stage's and us-east-1 (CloudFront's WAF and the site). */
  regions: string[];
  /** The context `account`, when the stage pins one. */
  account?: string;
  stacks: StageStack[];
  /** Concurrent executions of the deadline minute (infra/lib/capacity.ts). */
  concurrency: number;
  rankingJobMemoryMb: number;
  table: {
    /** The table quota the stage is configured with (`deadline.tableQuotaUnitsPerSecond`, or AWS's default). */
    configuredQuota: number;
    /** The warm throughput the data stack asks for, if any: refused above the account's quota. */
    warm?: { readUnitsPerSecond: number; writeUnitsPerSecond: number };
    need: { readUnitsPerSecond: number; writeUnitsPerSecond: number };
    quotaToRequest: number;
  };
  mail: {
    from: string;
    domain: string;
    identity: 'create' | 'reuse';
    /** The rate the reminder senders share (`reminderMailsPerSecond`). */
    reminderRate: number;
    /** What a reminder time and a tournament day of the stage's subscribers need (infra/lib/capacity.ts). */
    perSecondNeeded: number;
    perDayNeeded: number;
  };
  secrets: ReturnType<typeof operatorSecrets>;
  stackSecrets: StackSecret[];
}

/** The stacks of the app (infra/lib/app.ts) and their regions. */
const stackRegions = (stage: string, region: string): StageStack[] =>
  (['Edge', 'Data', 'Auth', 'Api', 'Jobs', 'Web', 'Monitoring'] as const).map((part) => ({
    name: `Golf-${stage}-${part}`,
    region: part === 'Edge' || part === 'Web' ? 'us-east-1' : region,
  }));

export function planFor(config: InfraConfig, reminderRate: number, account?: string): PreflightPlan {
  const capacity = deadlineCapacity(config.settings.deadline);
  const stacks = stackRegions(config.stage, config.region);
  return {
    stage: config.stage,
    region: config.region,
    regions: [...new Set([config.region, 'us-east-1'])],
    ...(account ? { account } : {}),
    stacks,
    concurrency: capacity.lambda.concurrentExecutions,
    rankingJobMemoryMb: config.rankingJobMemoryMb,
    table: {
      configuredQuota: capacity.dynamodb.tableQuota,
      ...(capacity.dynamodb.warmThroughput ? { warm: capacity.dynamodb.warmThroughput } : {}),
      need: {
        readUnitsPerSecond: capacity.dynamodb.readUnitsPerSecond,
        writeUnitsPerSecond: capacity.dynamodb.writeUnitsPerSecond,
      },
      quotaToRequest: capacity.dynamodb.quotaToRequest,
    },
    mail: {
      from: config.mailFrom,
      domain: config.mailFrom.split('@')[1]!,
      identity: config.mailIdentity,
      reminderRate,
      perSecondNeeded: capacity.ses.mailsPerSecond,
      perDayNeeded: capacity.ses.mailsPerDay,
    },
    secrets: operatorSecrets(config),
    stackSecrets: [
      { name: `${secretPrefix(config.stage)}/origin-verify`, region: 'us-east-1', stack: stacks[0]!.name },
      {
        name: `${secretPrefix(config.stage)}/arrival-receipt-key`,
        region: config.region,
        stack: stacks[3]!.name,
      },
    ],
  };
}

/** What a stack's status is, and the resources a rolled-back creation kept. */
export interface StackFact {
  status: string;
  /** Resources CloudFormation kept when it rolled the stack back (`DELETE_SKIPPED`: retained). */
  retained?: { type: string; id: string }[];
}

export type SecretFact =
  | { state: 'missing' }
  | { state: 'deleted' }
  | { state: 'present'; missingFields: string[] }
  | { state: 'not-json' };

/** What the account answered. A `Failure` where the call was refused or could not be made. */
export interface PreflightFacts {
  identity: { account: string; arn: string } | Failure;
  /** The CDKToolkit stack by region: undefined where there is none. */
  bootstrap: Record<string, { status: string; version: number | undefined } | undefined | Failure>;
  /** The stage's stacks by name: undefined where none exists yet. */
  stacks: Record<string, StackFact | undefined | Failure>;
  lambda: {
    /** Service Quotas' concurrent executions (L-B99A9384) and the limit Lambda applies (GetAccountSettings). */
    concurrencyQuota: number | Failure;
    concurrencyLimit: number | Failure;
    /** The largest memory of a function in the region: proof of what its memory quota allows. */
    largestMemoryMb: number | undefined | Failure;
  };
  dynamodb: { tableMaxReadUnits: number; tableMaxWriteUnits: number } | Failure;
  ses:
    | {
        productionAccess: boolean;
        sendingEnabled: boolean;
        enforcementStatus: string | undefined;
        maxSendRate: number;
        max24HourSend: number;
      }
    | Failure;
  mailIdentity:
    | { exists: false }
    | { exists: true; verified: boolean; dkimStatus: string | undefined }
    | Failure;
  cloudfront: { distributions: number } | Failure;
  secrets: Record<string, SecretFact | Failure>;
  stackSecrets: Record<string, 'missing' | 'deleted' | 'present' | Failure>;
}

const number = (value: number) => value.toLocaleString('en-US');
const couldNotCheck = (check: string, failure: Failure, what: string): Finding => ({
  check,
  verdict: 'todo',
  text: `Could not check ${what}: ${failure.failed}. Check it by hand, or run again with credentials allowed to read it.`,
});

/** The CDK bootstrap version the app's templates require (DefaultStackSynthesizer's minimum). */
const MIN_BOOTSTRAP_VERSION = 6;
/** Stack states from which a deploy can go on. */
const stableStates = new Set([
  'CREATE_COMPLETE',
  'UPDATE_COMPLETE',
  'UPDATE_ROLLBACK_COMPLETE',
  'IMPORT_COMPLETE',
]);

export function checkIdentity(plan: PreflightPlan, facts: PreflightFacts): Finding {
  const check = 'AWS account';
  const { identity } = facts;
  if (isFailure(identity))
    return {
      check,
      verdict: 'blocker',
      text: `No usable AWS credentials (${identity.failed}). Sign in (aws sso login, or AWS_PROFILE=<profile>) and check with aws sts get-caller-identity.`,
    };
  if (plan.account && plan.account !== identity.account)
    return {
      check,
      verdict: 'blocker',
      text: `The credentials are account ${identity.account}'s (${identity.arn}), but stage ${plan.stage} is configured for account ${plan.account} (context account). Use that account's credentials, or correct the context.`,
    };
  return {
    check,
    verdict: 'ok',
    text: `Account ${identity.account} as ${identity.arn}${plan.account ? ', the account the stage is configured for' : ' (pin it with the context account to have it checked)'}.`,
  };
}

export function checkBootstrap(plan: PreflightPlan, facts: PreflightFacts): Finding[] {
  const account = isFailure(facts.identity) ? '<account>' : facts.identity.account;
  return plan.regions.map((region): Finding => {
    const check = `CDK bootstrap in ${region}`;
    const toolkit = facts.bootstrap[region];
    const bootstrap = `npx cdk bootstrap aws://${account}/${region}`;
    if (isFailure(toolkit)) return couldNotCheck(check, toolkit, 'the CDKToolkit stack');
    if (!toolkit)
      return {
        check,
        verdict: 'blocker',
        text: `The region is not bootstrapped (no CDKToolkit stack). Run: ${bootstrap}`,
      };
    if (!stableStates.has(toolkit.status))
      return {
        check,
        verdict: 'blocker',
        text: `The CDKToolkit stack is ${toolkit.status}. Wait for it to finish, or delete it (aws cloudformation delete-stack --stack-name CDKToolkit --region ${region}) and run: ${bootstrap}`,
      };
    if (toolkit.version === undefined || toolkit.version < MIN_BOOTSTRAP_VERSION)
      return {
        check,
        verdict: 'blocker',
        text: `The bootstrap is version ${toolkit.version ?? '(unknown)'}; the app needs ${MIN_BOOTSTRAP_VERSION} or later. Run: ${bootstrap}`,
      };
    return { check, verdict: 'ok', text: `CDKToolkit version ${toolkit.version}.` };
  });
}

/** The stage's stacks: none yet (a first deploy), deployable, or left by a failed deploy. */
export function checkStageStacks(plan: PreflightPlan, facts: PreflightFacts): Finding {
  const check = `Stacks of stage ${plan.stage}`;
  const problems: string[] = [];
  const leftovers: string[] = [];
  let blocked = false;
  let existing = 0;
  for (const { name, region } of plan.stacks) {
    const stack = facts.stacks[name];
    if (isFailure(stack)) return couldNotCheck(check, stack, `stack ${name}`);
    if (!stack) continue;
    existing++;
    if (stableStates.has(stack.status)) continue;
    if (stack.status === 'ROLLBACK_COMPLETE') {
      // cdk deploy deletes a stack whose creation failed before it creates it again.
      problems.push(
        `${name} failed its first deploy and rolled back (the next deploy deletes and creates it again).`,
      );
      for (const kept of stack.retained ?? []) leftovers.push(`${kept.type} ${kept.id} (${region})`);
    } else {
      blocked = true;
      problems.push(
        stack.status.endsWith('_IN_PROGRESS')
          ? `${name} is ${stack.status}: wait until it ends.`
          : stack.status === 'UPDATE_ROLLBACK_FAILED'
            ? `${name} is UPDATE_ROLLBACK_FAILED: aws cloudformation continue-update-rollback --stack-name ${name} --region ${region}`
            : `${name} is ${stack.status}: delete it (aws cloudformation delete-stack --stack-name ${name} --region ${region}; retained resources stay) before deploying.`,
      );
    }
  }
  if (problems.length === 0)
    return {
      check,
      verdict: 'ok',
      text:
        existing === 0
          ? 'None yet: this is the stage’s first deploy.'
          : `${existing} stacks, each deployable.`,
    };
  const kept = leftovers.length
    ? ` The rolled-back creation kept: ${leftovers.join(', ')}. Delete them, or the new deploy creates new ones beside them (docs/deploy.md, "Cleaning up after a failed first deploy").`
    : '';
  return { check, verdict: blocked ? 'blocker' : 'todo', text: `${problems.join(' ')}${kept}` };
}

export function checkConcurrency(plan: PreflightPlan, facts: PreflightFacts): Finding {
  const check = `Lambda concurrent executions in ${plan.region}`;
  const known = [facts.lambda.concurrencyQuota, facts.lambda.concurrencyLimit].filter(
    (value): value is number => !isFailure(value),
  );
  if (known.length === 0)
    return couldNotCheck(check, facts.lambda.concurrencyLimit as Failure, 'the concurrency quota');
  // A new account's Service Quotas may show the default while Lambda applies less: the lower one holds.
  const limit = Math.min(...known);
  if (limit >= plan.concurrency)
    return {
      check,
      verdict: 'ok',
      text: `${number(limit)}; the deadline minute of stage ${plan.stage} needs ${number(plan.concurrency)}.`,
    };
  return {
    check,
    verdict: 'todo',
    text:
      `${number(limit)}, and the deadline minute of stage ${plan.stage} needs ${number(plan.concurrency)} (infra/lib/capacity.ts). ` +
      `The deploy works (no function reserves concurrency), but calls are throttled as soon as ${number(limit)} overlap. Before players arrive: ` +
      `aws service-quotas request-service-quota-increase --service-code lambda --quota-code L-B99A9384 --desired-value ${plan.concurrency} --region ${plan.region}`,
  };
}

/** A new account's Lambda refuses any function above this memory until AWS raises its quota. */
const NEW_ACCOUNT_MEMORY_MB = 3008;

export function checkMemory(plan: PreflightPlan, facts: PreflightFacts): Finding {
  const check = `Lambda function memory in ${plan.region}`;
  const wanted = plan.rankingJobMemoryMb;
  if (wanted <= NEW_ACCOUNT_MEMORY_MB)
    return {
      check,
      verdict: 'ok',
      text: `No function asks for more than ${number(wanted)} MB, which a new account allows.`,
    };
  const largest = facts.lambda.largestMemoryMb;
  if (!isFailure(largest) && largest !== undefined && largest >= wanted)
    return {
      check,
      verdict: 'ok',
      text: `The ranking job asks for ${number(wanted)} MB; a function of ${number(largest)} MB already runs in the region, so the quota allows it.`,
    };
  // No API reports the memory quota: only a function that has it proves it.
  return {
    check,
    verdict: 'todo',
    text:
      `The ranking job asks for ${number(wanted)} MB (context rankingJobMemoryMb), and nothing shows the account allows more than ${number(NEW_ACCOUNT_MEMORY_MB)} MB (no API reports this quota). ` +
      `On a new account the jobs stack fails with "'MemorySize' value failed to satisfy constraint" and rolls back. ` +
      `Unless AWS Support has raised Lambda's memory quota in ${plan.region}, deploy without rankingJobMemoryMb.`,
  };
}

export function checkTable(plan: PreflightPlan, facts: PreflightFacts): Finding {
  const check = `DynamoDB table throughput quota in ${plan.region}`;
  const limits = facts.dynamodb;
  if (isFailure(limits)) return couldNotCheck(check, limits, 'the table quota');
  const quota = Math.min(limits.tableMaxReadUnits, limits.tableMaxWriteUnits);
  const { warm, need } = plan.table;
  if (
    warm &&
    (warm.readUnitsPerSecond > limits.tableMaxReadUnits ||
      warm.writeUnitsPerSecond > limits.tableMaxWriteUnits)
  )
    return {
      check,
      verdict: 'blocker',
      text:
        `The table's warm throughput (${number(warm.readUnitsPerSecond)} reads, ${number(warm.writeUnitsPerSecond)} writes a second) is above the account's table quota ` +
        `(${number(limits.tableMaxReadUnits)} reads, ${number(limits.tableMaxWriteUnits)} writes): DynamoDB refuses it and the data stack rolls back. ` +
        `Set deadline.tableQuotaUnitsPerSecond of stage ${plan.stage} (infra/lib/config.ts) to ${number(quota)}, or have AWS raise the quota first.`,
    };
  if (
    need.readUnitsPerSecond > limits.tableMaxReadUnits ||
    need.writeUnitsPerSecond > limits.tableMaxWriteUnits
  )
    return {
      check,
      verdict: 'todo',
      text:
        `The deadline minute needs ${number(need.readUnitsPerSecond)} reads and ${number(need.writeUnitsPerSecond)} writes a second; the table quota is ` +
        `${number(limits.tableMaxReadUnits)} reads, ${number(limits.tableMaxWriteUnits)} writes. Before a tournament day ask for ${number(plan.table.quotaToRequest)} ` +
        `(Service Quotas, DynamoDB, table-level read and write throughput), then set deadline.tableQuotaUnitsPerSecond to it and deploy again.`,
    };
  return {
    check,
    verdict: 'ok',
    text: `${number(limits.tableMaxReadUnits)} reads, ${number(limits.tableMaxWriteUnits)} writes a second; the deadline minute needs ${number(need.readUnitsPerSecond)} and ${number(need.writeUnitsPerSecond)}.`,
  };
}

export function checkSesAccount(plan: PreflightPlan, facts: PreflightFacts): Finding {
  const check = `SES sending in ${plan.region}`;
  const ses = facts.ses;
  if (isFailure(ses)) return couldNotCheck(check, ses, 'SES');
  if (!ses.sendingEnabled)
    return {
      check,
      verdict: 'blocker',
      text: `SES sending is paused for the account (enforcement: ${ses.enforcementStatus ?? 'unknown'}): no sign-up, reset or reminder mail would go out. See the SES console, Reputation metrics, and AWS's notice.`,
    };
  if (!ses.productionAccess)
    return {
      check,
      verdict: 'todo',
      text:
        `SES is in the sandbox: mail reaches verified addresses only, ${number(ses.max24HourSend)} a day, ${number(ses.maxSendRate)} a second. ` +
        `The deploy works; until AWS grants production access, verify the first operator's address ` +
        `(aws sesv2 create-email-identity --region ${plan.region} --email-identity <address>), and request production access ` +
        `(SES console, Account dashboard) once the domain is verified.`,
    };
  const short: string[] = [];
  if (ses.maxSendRate < plan.mail.reminderRate)
    short.push(
      `the reminders send at ${number(plan.mail.reminderRate)} mails a second (reminderMailsPerSecond) but SES allows ${number(ses.maxSendRate)}: deploy with -c reminderMailsPerSecond=${Math.floor(ses.maxSendRate)}`,
    );
  if (ses.maxSendRate < plan.mail.perSecondNeeded)
    short.push(
      `a reminder time of stage ${plan.stage}'s subscribers needs ${number(plan.mail.perSecondNeeded)} mails a second (SES allows ${number(ses.maxSendRate)})`,
    );
  if (ses.max24HourSend < plan.mail.perDayNeeded)
    short.push(
      `a tournament day needs ${number(plan.mail.perDayNeeded)} mails (SES allows ${number(ses.max24HourSend)} in 24 hours)`,
    );
  if (short.length === 0)
    return {
      check,
      verdict: 'ok',
      text: `Production access, ${number(ses.maxSendRate)} mails a second, ${number(ses.max24HourSend)} a day.`,
    };
  return {
    check,
    verdict: 'todo',
    text: `Production access, but ${short.join('; ')}. Ask for more in the SES console (Account dashboard, "Request a sending quota increase").`,
  };
}

export function checkMailIdentity(plan: PreflightPlan, facts: PreflightFacts): Finding {
  const { domain, identity: mode } = plan.mail;
  const check = `SES identity ${domain}`;
  const identity = facts.mailIdentity;
  if (isFailure(identity)) return couldNotCheck(check, identity, 'the mail identity');
  const dataStack = facts.stacks[plan.stacks[1]!.name];
  const ownedHere = dataStack !== undefined && !isFailure(dataStack) && stableStates.has(dataStack.status);
  const publish =
    'publish the three DKIM CNAME records of the data stack’s outputs MailDkimRecord1-3 in the domain’s DNS; SES verifies it within hours';
  if (!identity.exists)
    return mode === 'create'
      ? {
          check,
          verdict: 'todo',
          text: `The data stack creates it. After the deploy, ${publish}.`,
        }
      : {
          check,
          verdict: 'blocker',
          text: `Stage ${plan.stage} sends from another stage's identity (mailIdentity reuse), but SES has none for ${domain} here: deploy the stage that owns it first, or deploy with -c mailIdentity=create.`,
        };
  if (mode === 'create' && !ownedHere)
    return {
      check,
      verdict: 'blocker',
      text: `SES already has an identity for ${domain} in this account and region (another stage's, or made by hand), so the data stack cannot create it. Deploy with -c mailIdentity=reuse, or delete it if nothing sends from it (aws sesv2 delete-email-identity --region ${plan.region} --email-identity ${domain}).`,
    };
  if (!identity.verified)
    return {
      check,
      verdict: 'todo',
      text: `Not verified yet (DKIM ${identity.dkimStatus ?? 'not started'}): ${mode === 'create' ? publish : 'the stage that owns it publishes its DKIM records'}. Until then no mail is sent from ${plan.mail.from}.`,
    };
  return { check, verdict: 'ok', text: `Verified: mail can be sent from ${plan.mail.from}.` };
}

export function checkCloudFront(facts: PreflightFacts): Finding {
  const check = 'CloudFront';
  const cloudfront = facts.cloudfront;
  if (isFailure(cloudfront)) return couldNotCheck(check, cloudfront, 'CloudFront');
  if (cloudfront.distributions > 0)
    return { check, verdict: 'ok', text: 'The account has distributions already, so it may create more.' };
  return {
    check,
    verdict: 'todo',
    text:
      'The account has no distribution yet, and no API tells whether it may create one. A new account’s first one may be refused with ' +
      '"Your account must be verified before you can add new CloudFront resources": the data stack (its UploadsCdn) then rolls back and keeps its table and buckets. ' +
      'To avoid it, ask AWS Support (Support Center, "Account and billing") to verify the account for CloudFront before deploying; ' +
      'if it happens, docs/deploy.md, "CloudFront: account must be verified", says how to clean up and deploy again.',
  };
}

export function checkSecrets(plan: PreflightPlan, facts: PreflightFacts): Finding[] {
  if (plan.secrets.length === 0)
    return [
      {
        check: 'Secrets',
        verdict: 'ok',
        text: 'No sign-in provider and no LINE reminders: the stage reads no secret of yours.',
      },
    ];
  return plan.secrets.map(({ name, fields, purpose }): Finding => {
    const check = `Secret ${name}`;
    const secret = facts.secrets[name];
    const template = `{${fields.map((field) => `"${field}":"..."`).join(',')}}`;
    const create = `aws secretsmanager create-secret --region ${plan.region} --name ${name} --secret-string '${template}'`;
    if (!secret || isFailure(secret))
      return couldNotCheck(check, secret ?? { failed: 'no answer' }, `secret ${name}`);
    switch (secret.state) {
      case 'missing':
        return { check, verdict: 'blocker', text: `Missing (${purpose}). Create it: ${create}` };
      case 'deleted':
        return {
          check,
          verdict: 'blocker',
          text: `Scheduled for deletion. Restore it (aws secretsmanager restore-secret --region ${plan.region} --secret-id ${name}), and check its value.`,
        };
      case 'not-json':
        return {
          check,
          verdict: 'blocker',
          text: `Not a JSON object. Put ${template} in it (aws secretsmanager put-secret-value --region ${plan.region} --secret-id ${name} --secret-string '${template}').`,
        };
      case 'present':
        return secret.missingFields.length
          ? {
              check,
              verdict: 'blocker',
              text: `Lacks ${secret.missingFields.join(', ')}: the JSON needs ${fields.join(', ')} (${purpose}).`,
            }
          : { check, verdict: 'ok', text: `Has ${fields.join(', ')}.` };
    }
  });
}

/** The secrets the stacks create under fixed names: a copy left by an earlier stage of that name blocks them. */
export function checkStackSecrets(plan: PreflightPlan, facts: PreflightFacts): Finding[] {
  return plan.stackSecrets.flatMap(({ name, region, stack }): Finding[] => {
    const check = `Secret ${name}`;
    const secret = facts.stackSecrets[name];
    if (secret === undefined) return [];
    if (isFailure(secret)) return [couldNotCheck(check, secret, `secret ${name}`)];
    // A stack whose creation rolled back is deleted and created again by the next deploy: it owns nothing.
    const owner = facts.stacks[stack];
    const owned = owner !== undefined && (isFailure(owner) || owner.status !== 'ROLLBACK_COMPLETE');
    if (secret === 'missing' || owned) return [];
    return [
      {
        check,
        verdict: 'blocker',
        text:
          `${secret === 'deleted' ? 'Scheduled for deletion' : 'Exists'} without its stack ${stack} (left by an earlier deploy of the stage), so the stack cannot create it. ` +
          `Delete it for good: aws secretsmanager delete-secret --force-delete-without-recovery --region ${region} --secret-id ${name}`,
      },
    ];
  });
}

/** Every finding, in the order an engineer works through them. */
export function preflightFindings(plan: PreflightPlan, facts: PreflightFacts): Finding[] {
  const identity = checkIdentity(plan, facts);
  // Without credentials every other call failed too: the one thing to fix is the sign-in.
  if (isFailure(facts.identity)) return [identity];
  return [
    identity,
    ...checkBootstrap(plan, facts),
    checkStageStacks(plan, facts),
    ...checkStackSecrets(plan, facts),
    checkCloudFront(facts),
    checkConcurrency(plan, facts),
    checkMemory(plan, facts),
    checkTable(plan, facts),
    checkSesAccount(plan, facts),
    checkMailIdentity(plan, facts),
    ...checkSecrets(plan, facts),
  ];
}

const labels: Record<Verdict, string> = { ok: 'OK', todo: 'TO DO', blocker: 'BLOCKER' };

/** The report printed: one line per finding, then what they add up to. */
export function formatReport(plan: PreflightPlan, findings: readonly Finding[]): string {
  const width = Math.max(...Object.values(labels).map((label) => label.length)) + 2;
  const lines = findings.map(
    (finding) => `${labels[finding.verdict].padEnd(width)}${finding.check}: ${finding.text}`,
  );
  const count = (verdict: Verdict) => findings.filter((finding) => finding.verdict === verdict).length;
  const blockers = count('blocker');
  const todos = count('todo');
  const summary =
    blockers > 0
      ? `${blockers} blocker${blockers > 1 ? 's' : ''}: the deploy would fail or the site would not work. Fix ${blockers > 1 ? 'them' : 'it'} and run npm run preflight again.`
      : `No blocker${todos ? `; ${todos} to-do${todos > 1 ? 's' : ''} above (docs/deploy.md)` : ''}.`;
  return [
    `Pre-flight of stage ${plan.stage} (${plan.regions.join(' and ')})`,
    '',
    ...lines,
    '',
    summary,
  ].join('\n');
}

export const hasBlocker = (findings: readonly Finding[]) =>
  findings.some((finding) => finding.verdict === 'blocker');
