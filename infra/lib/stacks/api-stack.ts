import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CfnOutput, Duration, NestedStack, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as ses from 'aws-cdk-lib/aws-ses';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { routeList, type RouteArea, type RouteDefinition } from '@golf/shared/contracts';
import { awsServicesByEntry, checkDeclaration, checkLeadingKeys } from '../aws-sdk-usage';
import { deadlineCapacity, isTeamSaveRoute, type Throttle } from '../capacity';
import type { InfraConfig } from '../config';
import {
  ApiFunction,
  readSecretStatement,
  type ApiFunctionProps,
  type ApiResources,
} from '../constructs/api-function';
import { handlerEntry, repositoryRoot } from '../paths';
import { originVerifyHeader } from '@golf/shared/security-headers';
import type { EnvironmentOf } from '@golf/shared/function-environment';
import type { ProviderSignedInByApi } from '@golf/shared/schemas/values/social';
import { shareCardAssets } from '@golf/functions/lib/share-card';

export interface ApiStackProps extends StackProps {
  config: InfraConfig;
  table: dynamodb.ITableV2;
  uploads: s3.IBucket;
  /** Base URL the browser loads uploaded images from. */
  uploadsPublicUrl: string;
  userPool: cognito.IUserPool;
  client: cognito.IUserPoolClient;
  /** The user pool's hosted domain (`https://...amazoncognito.com`): /oauth2/authorize and /oauth2/token. */
  oauthBaseUrl: string;
  /** Where mail comes from (the data stack's SES identity and configuration set). */
  mailIdentity: ses.IEmailIdentity;
  mailConfigurationSet: ses.IConfigurationSet;
  /** The secret CloudFront sends as `x-origin-verify`: every API function reads it (origin-lock.ts). */
  originSecretName: string;
}

/** The routes the cloud serves: every row of the route table except the local-only ones. */
export const deployedRoutes = () => routeList().filter((route) => !route.localOnly);

const pascalCase = (name: string) => `${name[0]!.toUpperCase()}${name.slice(1)}`;

/**
 * Stateless: the HTTP API, one function per route of the shared route table. A route costs seven
 * resources (function, role, policy, log group, permission, integration, route), so each area's routes
 * live in a nested stack of their own: no stack comes near CloudFormation's 500 resources.
 */
/**
 * Routes whose function needs more than the defaults: the share card lays out and rasterises a
 * 1200 x 630 PNG with an embedded Japanese font, and reads the font and the rasteriser at run time.
 */
const functionExtras: Partial<Record<string, Pick<ApiFunctionProps, 'assets' | 'memorySize'>>> = {
  createShareCard: { assets: shareCardAssets, memorySize: 1536 },
};

export class ApiStack extends Stack {
  readonly api: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  /** One nested stack per area of the route table. */
  readonly routeStacks: Partial<Record<RouteArea, NestedStack>> = {};
  /** What every function of the app is given: its settings and the resources it may be granted. */
  readonly functionEnvironment: EnvironmentOf<'log' | 'table' | 'app'>;
  readonly resources: ApiResources;
  /** The Lambda authorizers every route has: the origin's, and the origin's and the user's. */
  readonly gates: { public: HttpLambdaAuthorizer; user: HttpLambdaAuthorizer };
  /** The key team saves sign their arrival receipts with (functions/src/lib/arrival-receipt.ts). */
  readonly arrivalReceiptKey: secretsmanager.Secret;
  /**
   * The functions the stage's Lambda alarms watch one by one (monitoring stack): the gates, before
   * every route, and the team saves, the deadline minute's busiest.
   */
  readonly watchedFunctions: Array<{ name: string; function: lambda.IFunction }> = [];

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { settings } = props.config;
    const { apiGateway } = deadlineCapacity(settings.deadline);
    this.api = new apigw.HttpApi(this, 'Api', {
      apiName: `golf-${props.config.stage}-api`,
      description: 'Golf dream team API (/api/*)',
      createDefaultStage: false,
    });
    // Throttled per route (an HTTP API applies the stage's default route settings to each route on
    // its own), sized for the deadline minute's round pages; the team saves get limits of their own
    // below. All routes share the account's throttle (docs/operations.md). Access logged.
    this.stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: apiGateway.defaultRoute,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(
          new logs.LogGroup(this, 'AccessLogs', { retention: settings.logRetention }),
        ),
      },
    });

    const issuer = `https://cognito-idp.${this.region}.amazonaws.com/${props.userPool.userPoolId}`;
    // Named here, set on the job in the jobs stack: operator routes start it by this name.
    const rankingJobName = `golf-${props.config.stage}-ranking-job`;
    // The variables functions/src/lib/config.ts reads (shared/src/function-environment.ts).
    const environment: EnvironmentOf<'log' | 'table' | 'app'> = (this.functionEnvironment = {
      STAGE: props.config.stage,
      TABLE_NAME: props.table.tableName,
      UPLOADS_BUCKET: props.uploads.bucketName,
      UPLOADS_PUBLIC_URL: props.uploadsPublicUrl,
      AUTH_ISSUER: issuer,
      AUTH_JWKS_URL: `${issuer}/.well-known/jwks.json`,
      AUTH_AUDIENCE: props.client.userPoolClientId,
      AUTH_OAUTH_URL: props.oauthBaseUrl,
      SOCIAL_PROVIDERS: props.config.socialProviders.join(','),
      COGNITO_USER_POOL_ID: props.userPool.userPoolId,
      MAIL_TRANSPORT: 'ses',
      // LINE reminders where the stage configures them: offered to players by every function that
      // shows or plans them, sent by the reminder sender alone (the jobs stack gives it the token).
      LINE_TRANSPORT: props.config.lineMessaging ? 'messaging-api' : 'none',
      MAIL_FROM: props.config.mailFrom,
      MAIL_CONFIGURATION_SET: props.mailConfigurationSet.configurationSetName,
      // Before the site's address is known (a first deploy), mails link to the API's own origin.
      ORIGIN_SECRET_ID: props.originSecretName,
      SITE_URL: props.config.siteUrls[0] ?? this.api.apiEndpoint,
      RANKING_JOB_FUNCTION: rankingJobName,
    } satisfies EnvironmentOf<'log' | 'table' | 'app'>);
    const resources = (this.resources = {
      table: props.table,
      uploads: props.uploads,
      userPool: props.userPool,
      mailFrom: props.config.mailFrom,
      mailIdentityArn: props.mailIdentity.emailIdentityArn,
      mailConfigurationSetArn: this.formatArn({
        service: 'ses',
        resource: 'configuration-set',
        resourceName: props.mailConfigurationSet.configurationSetName,
      }),
      rankingJobName,
    });

    const routes = deployedRoutes();
    this.throttleTeamSaves(routes.filter(isTeamSaveRoute), apiGateway.saveRoute);
    const handlers = [...new Set(routes.map((route) => route.handler))];
    const missing = handlers.filter((handler) => !existsSync(handlerEntry(handler)));
    if (missing.length > 0) {
      throw new Error(`route handlers without a module under functions/src/handlers: ${missing.join(', ')}`);
    }
    const reachable = awsServicesByEntry(handlers.map(handlerEntry));

    const readSecret = (secretName: string) => readSecretStatement(this, secretName);
    const readOriginSecret = readSecret(props.originSecretName);
    // Read by the team saves' functions only (route rows with `arrivalReceipts`), by name, as the
    // origin secret is: no reference from the route stacks to this one.
    const arrivalReceiptKeyName = `golf-${props.config.stage}/arrival-receipt-key`;
    this.arrivalReceiptKey = new secretsmanager.Secret(this, 'ArrivalReceiptKey', {
      secretName: arrivalReceiptKeyName,
      description:
        'Signs the arrival receipts of team saves refused for capacity (docs/adr/0018-judged-by-first-arrival.md)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    const readArrivalReceiptKey = readSecret(arrivalReceiptKeyName);
    const social = this.socialSignIn(props.config, readSecret);
    // The gate (docs/adr/0010-api-gate.md): before any route function, a Lambda authorizer checks
    // the origin header (and on user and operator routes the access token: the user pool's signature,
    // issuer, expiry and client); API Gateway keeps its answer 5 minutes per identity and answers a
    // call without the header 401 itself. The handler checks both again.
    const gate = (id: string, checksToken: boolean) => {
      const { function: fn } = new ApiFunction(this, `${id}Function`, {
        handler: 'triggers/api-gate',
        entry: join(repositoryRoot, 'functions/src/triggers/api-gate.ts'),
        aws: { table: 'none' },
        environment: { ...environment, GATE_CHECKS_TOKEN: String(checksToken) } satisfies EnvironmentOf<
          'log' | 'table' | 'app' | 'gate'
        >,
      });
      fn.addToRolePolicy(readOriginSecret);
      this.watchedFunctions.push({ name: id, function: fn });
      return new HttpLambdaAuthorizer(id, fn, {
        authorizerName: `golf-${props.config.stage}-${checksToken ? 'user' : 'origin'}-gate`,
        responseTypes: [HttpLambdaResponseType.SIMPLE],
        identitySource: [
          `$request.header.${originVerifyHeader}`,
          ...(checksToken ? ['$request.header.Authorization'] : []),
        ],
        resultsCacheTtl: Duration.minutes(5),
      });
    };
    this.gates = { public: gate('OriginGate', false), user: gate('UserGate', true) };

    for (const route of routes) {
      checkDeclaration(route.name, route.aws, reachable.get(handlerEntry(route.handler))!);
      checkLeadingKeys(route.name, route.aws);
      const area = (this.routeStacks[route.area] ??= new NestedStack(
        this,
        `${pascalCase(route.area)}Routes`,
        {
          description: `Golf dream team API: the ${route.area} routes`,
        },
      ));
      const { function: fn } = new ApiFunction(area, pascalCase(route.name), {
        handler: route.handler,
        aws: route.aws,
        environment: {
          ...environment,
          ...(route.aws.arrivalReceipts ? { ARRIVAL_RECEIPT_SECRET_ID: arrivalReceiptKeyName } : {}),
          ...(route.aws.socialSignIn ? social.environment(route.aws.socialSignIn) : {}),
        } satisfies EnvironmentOf<'log' | 'table' | 'app' | 'arrivalReceipts' | 'socialSignIn'>,
        resources,
        ...(functionExtras[route.name] ?? {}),
      });
      fn.addToRolePolicy(readOriginSecret);
      if (route.aws.arrivalReceipts) fn.addToRolePolicy(readArrivalReceiptKey);
      if (route.aws.socialSignIn === 'exchange')
        for (const grant of social.secretReads) fn.addToRolePolicy(grant);
      const httpRoute = new apigw.HttpRoute(area, `${pascalCase(route.name)}Route`, {
        httpApi: this.api,
        routeKey: apigw.HttpRouteKey.with(route.path, apigw.HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${pascalCase(route.name)}Integration`, fn),
        authorizer: route.access === 'public' ? this.gates.public : this.gates.user,
      });
      // API Gateway refuses route settings that name a route it does not have yet.
      if (isTeamSaveRoute(route)) {
        this.stage.node.addDependency(httpRoute);
        this.watchedFunctions.push({ name: pascalCase(route.name), function: fn });
      }
    }
    new CfnOutput(this, 'ApiEndpoint', {
      value: this.api.apiEndpoint,
      description: 'The HTTP API behind /api/* (it answers only calls through the distribution)',
    });
  }

  /**
   * The sign-ins the API runs itself (LINE, X) for the providers the stage enables: each provider's
   * client id is given to both of their routes as a reference CloudFormation resolves from the
   * provider's secret (`{socialSecretPrefix}/line`, JSON `channelId`; `/x`, `clientId`; public, it is
   * in the sign-in URL); the route that exchanges codes is also given each secret's name and may
   * read it, for the client secret. No other function reads them.
   */
  private socialSignIn(config: InfraConfig, readSecret: (secretName: string) => iam.PolicyStatement) {
    const providers = [
      {
        provider: 'line',
        secret: 'line',
        clientIdField: 'channelId',
        id: 'LINE_CHANNEL_ID',
        secretId: 'LINE_SECRET_ID',
      },
      {
        provider: 'twitter',
        secret: 'x',
        clientIdField: 'clientId',
        id: 'X_CLIENT_ID',
        secretId: 'X_SECRET_ID',
      },
    ] as const satisfies ReadonlyArray<{
      provider: ProviderSignedInByApi;
      secret: string;
      clientIdField: string;
      id: keyof EnvironmentOf<'socialSignIn'>;
      secretId: keyof EnvironmentOf<'socialSignIn'>;
    }>;
    const enabled = providers
      .filter(({ provider }) => config.socialProviders.includes(provider))
      .map((entry) => ({ ...entry, secretName: `${config.socialSecretPrefix}/${entry.secret}` }));
    return {
      environment: (use: 'authorize' | 'exchange'): EnvironmentOf<'socialSignIn'> =>
        Object.fromEntries(
          enabled.flatMap(({ id, secretId, secretName, clientIdField }) => [
            [id, SecretValue.secretsManager(secretName, { jsonField: clientIdField }).unsafeUnwrap()],
            ...(use === 'exchange' ? [[secretId, secretName]] : []),
          ]),
        ),
      secretReads: enabled.map(({ secretName }) => readSecret(secretName)),
    };
  }

  /**
   * Each team-save route gets the deadline minute's save throttle as its own limit, so the saves
   * cannot starve the reads of the account's throttle. Route settings replace the defaults for the
   * route, so both limits are given (a JSON map by route key, spelled as CloudFormation spells it).
   */
  private throttleTeamSaves(saveRoutes: readonly RouteDefinition[], limits: Throttle) {
    const stage = this.stage.node.defaultChild as apigw.CfnStage;
    stage.routeSettings = Object.fromEntries(
      saveRoutes.map((route) => [
        `${route.method} ${route.path}`,
        { ThrottlingRateLimit: limits.rateLimit, ThrottlingBurstLimit: limits.burstLimit },
      ]),
    );
  }
}
