import { App, AspectPriority, Aspects, type AppProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readConfig, secretPrefix } from './config';
import { acknowledgeFindings } from './nag';
import { ActiveTracing, StageLogRetention } from './observability';
import { ApiStack, deployedRoutes } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { DataStack } from './stacks/data-stack';
import { EdgeStack } from './stacks/edge-stack';
import { JobsStack } from './stacks/jobs-stack';
import { MonitoringStack } from './stacks/monitoring-stack';
import { WebStack } from './stacks/web-stack';

/**
 * The whole deployment: the stateful data and auth stacks (retained resources, rarely changed)
 * and the stateless api and web stacks, which take what they need from them as props.
 * The region is pinned by the configuration (ap-northeast-1 unless the context says otherwise); the
 * account is the deploying credentials' own, so the synth needs no AWS access.
 */
export function buildApp(props: AppProps = {}) {
  const app = new App(props);
  const config = readConfig(app.node);
  const prefix = `Golf-${config.stage}`;
  const env = { region: config.region, account: process.env['CDK_DEFAULT_ACCOUNT'] };
  // CloudFront's web ACL, certificate and metrics live in us-east-1.
  const edgeEnv = { region: 'us-east-1', account: env.account };
  const originSecretName = `${secretPrefix(config.stage)}/origin-verify`;
  const edge = new EdgeStack(app, `${prefix}-Edge`, {
    env: edgeEnv,
    config,
    originSecretName,
    routes: deployedRoutes(),
  });
  const data = new DataStack(app, `${prefix}-Data`, { env, config });
  const auth = new AuthStack(app, `${prefix}-Auth`, {
    env,
    config,
    table: data.table,
    uploads: data.uploads,
  });
  const api = new ApiStack(app, `${prefix}-Api`, {
    env,
    config,
    table: data.table,
    uploads: data.uploads,
    uploadsPublicUrl: `https://${data.uploadsCdn.distributionDomainName}`,
    userPool: auth.userPool,
    client: auth.client,
    oauthBaseUrl: auth.domain.baseUrl(),
    originSecretName,
    mailIdentity: data.mailIdentity,
    mailConfigurationSet: data.mailConfigurationSet,
  });
  // The functions read the secret's replica in their region, which the edge stack creates.
  api.addDependency(edge);
  const jobs = new JobsStack(app, `${prefix}-Jobs`, {
    env,
    functionEnvironment: api.functionEnvironment,
    resources: api.resources,
    rankingJobMemoryMb: config.rankingJobMemoryMb,
    ...(config.lineMessaging ? { lineMessaging: config.lineMessaging } : {}),
  });
  // The ranking job writes what the API reads: the readers of a new stored form (ranking pages)
  // are deployed before the job that starts writing it.
  jobs.addDependency(api);
  const web = new WebStack(app, `${prefix}-Web`, {
    env: edgeEnv,
    crossRegionReferences: true,
    config,
    api: api.api,
    webAclArn: edge.webAcl.attrArn,
    originSecret: edge.originSecret,
    siteOrigins: {
      images: [`https://${data.uploadsCdn.distributionDomainName}`],
      uploads: [`https://${data.uploads.bucketRegionalDomainName}`],
      signIn: [auth.domain.baseUrl()],
    },
    routes: deployedRoutes(),
    siteConfig: { launchGate: config.launchGate, socialProviders: config.socialProviders },
  });
  const monitoring = new MonitoringStack(app, `${prefix}-Monitoring`, {
    env,
    crossRegionReferences: true,
    config,
    api: api.api,
    table: data.table,
    jobs: jobs.jobs,
    watchedFunctions: [...api.watchedFunctions, ...auth.watchedFunctions],
    distributionId: web.distribution.distributionId,
  });
  const parts = { app, config, edge, data, auth, api, jobs, web, monitoring };
  // Every function traced by X-Ray, every log group kept for the stage's retention; before the checks.
  Aspects.of(app).add(new ActiveTracing(), { priority: AspectPriority.MUTATING });
  Aspects.of(app).add(new StageLogRetention(config.settings.logRetention), {
    priority: AspectPriority.MUTATING,
  });
  // AWS Solutions checks on every stack: an unsuppressed error fails the synth; infra/lib/nag.ts
  // holds each suppression with its reason.
  Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
  acknowledgeFindings(parts);
  return parts;
}
