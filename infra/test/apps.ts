import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../lib/app';
import { repositoryRoot } from '../lib/paths';
import { costStage } from '../../scripts/cost/templates';

const { context } = JSON.parse(readFileSync(join(repositoryRoot, 'cdk.json'), 'utf8')) as {
  context: Record<string, unknown>;
};

/** A `test` stage in one account, with every sign-in provider, LINE reminders and an alarm address. */
export const testStage = {
  stage: 'test',
  account: '123456789012',
  siteUrl: 'https://golf.example.jp',
  alarmEmail: 'ops@golf.example.jp',
  socialProviders: 'google,twitter,line,apple',
  lineReminders: 'true',
};

/**
 * The `prod` stage on its own domain, no sign-in provider and no LINE reminders: the observability
 * checks and the custom-domain cdk-nag check read one synth of it. The bill's stage
 * (scripts/cost/templates.ts) adds the providers and LINE reminders it prices, in a synth of its own.
 */
export const prodStage = {
  stage: costStage.stage,
  domainName: costStage.domainName,
  certificateArn: costStage.certificateArn,
};

/**
 * The app `cdk synth` builds with cdk.json's context (its feature flags included) and
 * `stageContext`, bundling skipped: the assertions read templates only. A new app at each call.
 */
export function buildStageApp(stageContext: Record<string, unknown>): ReturnType<typeof buildApp> {
  return buildApp({ context: { ...context, ...stageContext, 'aws:cdk:bundling-stacks': [] } });
}

const built = new Map<string, ReturnType<typeof buildApp>>();

/**
 * `buildStageApp`'s app, built once. A synth costs seconds (cdk-nag checks every stack), so each
 * context's app is built and synthesized once for the test files that share a worker (the unit
 * files share one module registry: vitest.config.ts): the stacks' assertions, the cdk-nag check and
 * the deploy checks read one synth of `testStage`, the observability checks one of `prodStage`. Nothing may change an app it is given.
 */
export function stageApp(stageContext: Record<string, unknown>): ReturnType<typeof buildApp> {
  const key = JSON.stringify(stageContext);
  let app = built.get(key);
  if (!app) {
    app = buildStageApp(stageContext);
    built.set(key, app);
  }
  return app;
}
