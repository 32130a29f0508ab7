import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { leadingKeyPattern, tableGrants } from '../../shared/src/aws-access';
import { routeList, routes } from '../../shared/src/contracts';
import { apiCachePolicy, edgeBehaviours, siteCachePolicy } from '../../shared/src/edge-cache';
import { permissionsPolicy, storageContentSecurityPolicy } from '../../shared/src/security-headers';
import { siteConfigScript } from '../../shared/src/site-config';
import { allFunctionVariables, type VariableGroup } from '../../shared/src/function-environment';
import { functionNodeOptions } from '../lib/constructs/api-function';
import { attributeMappingProblems } from '../lib/attribute-mapping';
import { managedRuleGroups, rateRules } from '../lib/stacks/edge-stack';
import { scheduledJobs } from '../lib/stacks/jobs-stack';
import { defaultRankingJobMemoryMb } from '../lib/config';
import { packingWorkersFor } from '../../functions/src/jobs/schedule';
import { metricsNamespace } from '../../functions/src/lib/metrics';
import { serviceName } from '../../functions/src/lib/service-name';
import { buildStageApp, stageApp, testStage } from './apps';

const { edge, data, auth, api, jobs, web, monitoring } = stageApp(testStage);
interface ResponseHeadersConfig {
  SecurityHeadersConfig: { ContentTypeOptions: unknown; ContentSecurityPolicy: unknown };
  CustomHeadersConfig: { Items: unknown[] };
}

const deployed = routeList().filter((route) => !route.localOnly);

const pascalCase = (name: string) => `${name[0]!.toUpperCase()}${name.slice(1)}`;

/** The IAM actions granted to the function of one route, as a flat list. */
function actionsOf(templates: readonly Template[], routeName: string): string[] {
  const policies = templates.flatMap((template) =>
    Object.entries(template.findResources('AWS::IAM::Policy')).filter(([id]) =>
      id.startsWith(`${pascalCase(routeName)}Role`),
    ),
  );
  return policies.flatMap(([, policy]) =>
    (
      policy as { Properties: { PolicyDocument: { Statement: Array<{ Action: string | string[] }> } } }
    ).Properties.PolicyDocument.Statement.flatMap((statement) => statement.Action),
  );
}

/** Resources of one type across templates (the API's nested stacks). */
const resourcesOf = (templates: readonly Template[], type: string, props?: unknown) =>
  templates.flatMap((template) => Object.values(template.findResources(type, props)));

describe('data stack', () => {
  const template = Template.fromStack(data);

  it('has the single on-demand table with its keys, two GSIs, TTL and point-in-time recovery', () => {
    template.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    template.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [
          { AttributeName: 'PK', KeyType: 'HASH' },
          { AttributeName: 'SK', KeyType: 'RANGE' },
        ],
        TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
        GlobalSecondaryIndexes: [
          Match.objectLike({
            IndexName: 'GSI1',
            KeySchema: [
              { AttributeName: 'GSI1PK', KeyType: 'HASH' },
              { AttributeName: 'GSI1SK', KeyType: 'RANGE' },
            ],
          }),
          Match.objectLike({
            IndexName: 'GSI2',
            KeySchema: [
              { AttributeName: 'GSI2PK', KeyType: 'HASH' },
              { AttributeName: 'GSI2SK', KeyType: 'RANGE' },
            ],
          }),
        ],
        Replicas: [
          Match.objectLike({
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          }),
        ],
      }),
    });
  });

  it('keeps the uploads bucket private, open to presigned POSTs from the site, and tidy', () => {
    template.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        CorsConfiguration: {
          CorsRules: [
            Match.objectLike({
              AllowedMethods: Match.arrayWith(['POST']),
              AllowedOrigins: ['https://golf.example.jp'],
            }),
          ],
        },
        LifecycleConfiguration: {
          Rules: Match.arrayWith([
            Match.objectLike({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
          ]),
        },
      }),
    });
  });
});

describe('data safety and mail', () => {
  const template = Template.fromStack(data);

  it('protects the table and the user pool from deletion; PITR stays; uploads versioned with a lifecycle', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      Replicas: [
        Match.objectLike({
          DeletionProtectionEnabled: true,
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        }),
      ],
    });
    Template.fromStack(auth).hasResourceProperties('AWS::Cognito::UserPool', {
      DeletionProtection: 'ACTIVE',
    });
    template.hasResourceProperties('AWS::S3::Bucket', {
      VersioningConfiguration: { Status: 'Enabled' },
      LifecycleConfiguration: {
        Rules: [
          Match.objectLike({
            AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
            NoncurrentVersionExpiration: { NoncurrentDays: 30 },
            Status: 'Enabled',
          }),
          Match.objectLike({ Id: 'ShareCards', Prefix: 'uploads/share/', ExpirationInDays: 90 }),
          Match.objectLike({
            Id: 'RankingInputs',
            Prefix: 'ranking-inputs/',
            ExpirationInDays: 400,
            NoncurrentVersionExpiration: { NoncurrentDays: 1 },
          }),
        ],
      },
    });
  });

  it("keeps the ranking job's inputs out of the uploads CDN: a Deny on its prefix outweighs the CDN's read", () => {
    const statements = resourcesOf([template], 'AWS::S3::BucketPolicy').flatMap(
      (policy) =>
        (policy as { Properties: { PolicyDocument: { Statement: Array<Record<string, unknown>> } } })
          .Properties.PolicyDocument.Statement,
    );
    const denied = statements.filter(
      (statement) =>
        statement['Effect'] === 'Deny' &&
        JSON.stringify(statement['Principal']) === JSON.stringify({ Service: 'cloudfront.amazonaws.com' }),
    );
    expect(denied).toHaveLength(1);
    expect(denied[0]!['Action']).toBe('s3:GetObject');
    expect(JSON.stringify(denied[0]!['Resource'])).toMatch(/\/ranking-inputs\/\*"/);
  });

  it('sends mail from a DKIM-signed domain identity through a configuration set that suppresses bounces and complaints', () => {
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'golf-dream.example',
      DkimAttributes: { SigningEnabled: true },
      ConfigurationSetAttributes: { ConfigurationSetName: Match.anyValue() },
    });
    template.hasResourceProperties('AWS::SES::ConfigurationSet', {
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
      ReputationOptions: { ReputationMetricsEnabled: true },
    });
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: Match.objectLike({
        Enabled: true,
        MatchingEventTypes: ['bounce', 'complaint'],
        SnsDestination: { TopicARN: Match.anyValue() },
      }),
    });
    const senders = deployed.filter((route) => route.aws.mail);
    expect(senders.length).toBeGreaterThan(0);
    for (const route of senders)
      expect(
        actionsOf(
          Object.values(api.routeStacks).map((s) => Template.fromStack(s)),
          route.name,
        ),
      ).toContain('ses:SendEmail');
  });
});

describe('social providers by configuration', () => {
  // A stage enables providers by context; the others are neither in the pool nor on /login.
  const testStageWith = (more: Record<string, unknown>) =>
    buildStageApp({ stage: 'test', siteUrl: 'https://golf.example.jp', ...more });
  const googleOnly = testStageWith({ socialProviders: 'google' });
  const none = testStageWith({});

  it('with only Google: one identity provider, its callback, and one button in /site-config.js', () => {
    const template = Template.fromStack(googleOnly.auth);
    template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 1);
    template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', { ProviderName: 'Google' });
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      SupportedIdentityProviders: [{ Ref: Match.stringLikeRegexp('^Google') }],
      CallbackURLs: ['https://golf.example.jp/login/google/callback'],
    });
    expect(googleOnly.web.siteConfigScript).toBe(
      siteConfigScript({ launchGate: false, socialProviders: ['google'] }),
    );
    // The API refuses the others before asking the hosted sign-in.
    expect(googleOnly.api.functionEnvironment['SOCIAL_PROVIDERS']).toBe('google');
    template.resourceCountIs('AWS::ApiGatewayV2::Api', 0);
    template.resourceCountIs('AWS::SecretsManager::Secret', 0);
  });

  it('with none: no provider, no secret referenced, hosted sign-in off, no button', () => {
    const template = Template.fromStack(none.auth);
    template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
    expect(JSON.stringify(template.toJSON())).not.toContain('secretsmanager:golf-test/social');
    const [client] = Object.values(template.findResources('AWS::Cognito::UserPoolClient')) as Array<{
      Properties: Record<string, unknown>;
    }>;
    expect(client!.Properties['AllowedOAuthFlowsUserPoolClient']).toBe(false);
    expect(client!.Properties['SupportedIdentityProviders']).toBeUndefined();
    expect(none.web.siteConfigScript).toBe(siteConfigScript({ launchGate: false, socialProviders: [] }));
    expect(none.api.functionEnvironment['SOCIAL_PROVIDERS']).toBe('');
  });
});

describe('auth stack', () => {
  const template = Template.fromStack(auth);

  it('has a user pool whose e-mail logins only the API creates, with the address as a sign-in alias', () => {
    template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        AliasAttributes: ['email'],
        UsernameConfiguration: { CaseSensitive: false },
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
        Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 10 }) },
      }),
    });
    const [pool] = Object.values(template.findResources('AWS::Cognito::UserPool')) as Array<{
      Properties: Record<string, unknown>;
    }>;
    // Cognito sends no mail of its own: the API's links verify addresses and reset passwords.
    expect(pool!.Properties['UsernameAttributes']).toBeUndefined();
    expect(pool!.Properties['AutoVerifiedAttributes'] ?? []).toEqual([]);
  });

  it('offers TOTP apps as an optional second factor (operators must set one up), and no SMS', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
  });

  it('has the operators group, and names the pool in an output for create-operator', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'operators' });
    const [poolId] = Object.keys(template.findResources('AWS::Cognito::UserPool'));
    template.hasOutput('UserPoolId', {
      Value: { Ref: poolId },
      Description: Match.stringLikeRegexp('create-operator'),
    });
  });

  it('deploys no X sign-in bridge: no function, API or secret of its own', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Api', 0);
    template.resourceCountIs('AWS::SecretsManager::Secret', 0);
    // The custom sign-in's triggers are the stack's only function.
    expect(Object.keys(template.findResources('AWS::Lambda::Function'))).toEqual([
      expect.stringMatching(/^CustomSignIn/),
    ]);
  });

  it('holds the sign-in trigger to its own partitions (dynamodb:LeadingKeys)', () => {
    type Statement = { Action: string | string[]; Condition?: unknown };
    const tableStatements = (role: string) =>
      Object.entries(template.findResources('AWS::IAM::Policy'))
        .filter(([id]) => id.startsWith(`${role}Role`))
        .flatMap(
          ([, policy]) =>
            (policy as { Properties: { PolicyDocument: { Statement: Statement[] } } }).Properties
              .PolicyDocument.Statement,
        )
        .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('dynamodb:')));
    for (const [role, pattern] of [['CustomSignIn', 'MAILTOKEN#*']] as const) {
      const statements = tableStatements(role);
      expect(statements.length, role).toBeGreaterThan(0);
      for (const statement of statements)
        expect(statement.Condition, role).toEqual({
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [pattern] },
        });
      expect(statements.flatMap((statement) => [statement.Action].flat())).toEqual(
        expect.arrayContaining(['dynamodb:DeleteItem']),
      );
    }
  });

  it('requires no attribute a provider may not give, and every provider maps what it gives', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      Schema: [{ Name: 'email', Required: false, Mutable: true }],
    });
    expect(attributeMappingProblems(template.toJSON())).toEqual([]);
    for (const [provider, mapped] of [
      ['Google', ['email', 'name']],
      ['SignInWithApple', ['email']],
    ] as const) {
      const [resource] = Object.values(
        template.findResources('AWS::Cognito::UserPoolIdentityProvider', {
          Properties: { ProviderName: provider },
        }),
      ) as Array<{ Properties: { AttributeMapping: Record<string, string> } }>;
      expect(Object.keys(resource!.Properties.AttributeMapping).sort()).toEqual([...mapped].sort());
    }
    // The check fails a pool that requires the e-mail, as Cognito would fail an Apple sign-in without it.
    const requiringEmail = structuredClone(template.toJSON()) as {
      Resources: Record<string, { Type: string; Properties: Record<string, unknown> }>;
    };
    for (const resource of Object.values(requiringEmail.Resources)) {
      if (resource.Type === 'AWS::Cognito::UserPool')
        resource.Properties['Schema'] = [{ Name: 'email', Required: true, Mutable: true }];
      if (
        resource.Type === 'AWS::Cognito::UserPoolIdentityProvider' &&
        resource.Properties['ProviderName'] === 'SignInWithApple'
      )
        delete resource.Properties['AttributeMapping'];
    }
    expect(attributeMappingProblems(requiringEmail)).toEqual([
      'SignInWithApple has no attribute mapping',
      expect.stringMatching(/^SignInWithApple does not map email/),
    ]);
  });

  it('signs in only through the API: the admin password flow and the custom sign-in with its triggers', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: Match.arrayEquals([
        'ALLOW_ADMIN_USER_PASSWORD_AUTH',
        'ALLOW_CUSTOM_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
      ]),
      PreventUserExistenceErrors: 'ENABLED',
    });
    const trigger = { 'Fn::GetAtt': [Match.stringLikeRegexp('^CustomSignIn'), 'Arn'] };
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: {
        DefineAuthChallenge: trigger,
        CreateAuthChallenge: trigger,
        VerifyAuthChallengeResponse: trigger,
      },
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ TABLE_NAME: Match.anyValue() }) },
      Runtime: 'nodejs22.x',
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'cognito-idp.amazonaws.com',
    });
  });

  it('has a public code-grant client with the site callbacks, a hosted domain and the operators group', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      AllowedOAuthFlows: ['code'],
      AllowedOAuthFlowsUserPoolClient: true,
      // The federated providers by reference to their IdentityProvider resources; LINE's and X's
      // sign-ins are the API's own. No COGNITO: passwords sign in through the API only, never on the
      // hosted pages.
      SupportedIdentityProviders: [
        { Ref: Match.stringLikeRegexp('^Google') },
        { Ref: Match.stringLikeRegexp('^Apple') },
      ],
      CallbackURLs: [
        'https://golf.example.jp/login/google/callback',
        'https://golf.example.jp/login/apple/callback',
      ],
      LogoutURLs: ['https://golf.example.jp/logout'],
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolDomain', {
      Domain: Match.stringLikeRegexp('^golf-test-[0-9a-f]{8}$'),
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'operators' });
  });

  it('federates Google and Apple only, secrets by reference: LINE and X are no providers of the pool', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 2);
    template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      ProviderType: 'Google',
      ProviderDetails: Match.objectLike({ authorize_scopes: 'openid email profile' }),
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'SignInWithApple',
      ProviderType: 'SignInWithApple',
    });
    template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 2);
    const providers = JSON.stringify(template.findResources('AWS::Cognito::UserPoolIdentityProvider'));
    for (const reference of [
      'golf-test/social/google:SecretString:clientSecret',
      'golf-test/social/apple:SecretString:privateKey',
    ]) {
      expect(providers).toContain(`{{resolve:secretsmanager:${reference}::}}`);
    }
    const whole = JSON.stringify(template.toJSON());
    expect(whole).not.toContain('golf-test/social/line');
    expect(whole).not.toContain('golf-test/social/x');
  });
});

describe('api stack', () => {
  const parent = Template.fromStack(api);
  const nested = Object.values(api.routeStacks).map((stack) => Template.fromStack(stack));
  const templates = [parent, ...nested];

  it('keeps every stack well under CloudFormation’s 500 resources, one nested stack per area', () => {
    for (const template of templates)
      expect(Object.keys(template.toJSON().Resources as object).length).toBeLessThan(350);
    parent.resourceCountIs('AWS::CloudFormation::Stack', nested.length);
    expect(Object.keys(api.routeStacks).sort()).toEqual([...new Set(deployed.map((r) => r.area))].sort());
  });

  it('has one arm64 function per deployed route of the route table', () => {
    const functions = (memorySize: number) =>
      resourcesOf(nested, 'AWS::Lambda::Function', {
        Properties: {
          Runtime: 'nodejs22.x',
          Architectures: ['arm64'],
          MemorySize: memorySize,
          Timeout: 10,
          Handler: 'index.handler',
          LoggingConfig: Match.objectLike({ LogFormat: 'JSON' }),
        },
      });
    // The share card draws a picture: more memory, and so more CPU.
    expect(functions(512)).toHaveLength(deployed.length - 1);
    expect(functions(1536)).toHaveLength(1);
    expect(resourcesOf(nested, 'AWS::Logs::LogGroup')).toHaveLength(deployed.length);
  });

  it('throttles the API stage and logs its requests', () => {
    // The figures are the deadline minute's (infra/test/deadline-capacity.test.ts).
    parent.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: Match.objectLike({
        ThrottlingRateLimit: Match.anyValue(),
        ThrottlingBurstLimit: Match.anyValue(),
      }),
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
    });
  });

  it('gates every route with a cached Lambda authorizer: the origin header, and on user routes the token', () => {
    const gates = resourcesOf(templates, 'AWS::ApiGatewayV2::Authorizer') as Array<{
      Properties: Record<string, unknown>;
    }>;
    expect(gates.map(({ Properties }) => [Properties['Name'], Properties['IdentitySource']]).sort()).toEqual([
      ['golf-test-origin-gate', ['$request.header.x-origin-verify']],
      ['golf-test-user-gate', ['$request.header.x-origin-verify', '$request.header.Authorization']],
    ]);
    for (const { Properties } of gates) {
      expect(Properties).toMatchObject({
        AuthorizerType: 'REQUEST',
        AuthorizerPayloadFormatVersion: '2.0',
        EnableSimpleResponses: true,
        AuthorizerResultTtlInSeconds: 300,
      });
    }
    const routesByKey = new Map(
      resourcesOf(templates, 'AWS::ApiGatewayV2::Route').map((resource) => {
        const { Properties } = resource as {
          Properties: { RouteKey: string; AuthorizationType?: string; AuthorizerId?: unknown };
        };
        return [Properties.RouteKey, Properties];
      }),
    );
    const gateOf = new Map<string, Set<string>>([
      ['public', new Set()],
      ['user', new Set()],
    ]);
    for (const route of deployed) {
      const properties = routesByKey.get(`${route.method} ${route.path}`)!;
      expect(properties.AuthorizationType, route.name).toBe('CUSTOM');
      gateOf.get(route.access === 'public' ? 'public' : 'user')!.add(JSON.stringify(properties.AuthorizerId));
    }
    // One gate for the public routes, the other for every user and operator route.
    expect([...gateOf.values()].map((ids) => ids.size)).toEqual([1, 1]);
    expect([...gateOf.get('public')!][0]).not.toBe([...gateOf.get('user')!][0]);
  });

  it('has every deployed route key and no local-only one', () => {
    const keys = resourcesOf(templates, 'AWS::ApiGatewayV2::Route').map(
      (resource) => (resource as { Properties: { RouteKey: string } }).Properties.RouteKey,
    );
    expect(keys.sort()).toEqual(deployed.map((route) => `${route.method} ${route.path}`).sort());
    expect(keys).toContain('GET /api/master/{list}');
    expect(keys.some((key) => key.includes('/api/dev/'))).toBe(false);
  });

  it('gives the functions the issuer, audience, table and mail settings', () => {
    const configured = resourcesOf(nested, 'AWS::Lambda::Function', {
      Properties: {
        Environment: {
          Variables: Match.objectLike({
            TABLE_NAME: Match.anyValue(),
            UPLOADS_BUCKET: Match.anyValue(),
            AUTH_ISSUER: Match.anyValue(),
            AUTH_JWKS_URL: Match.anyValue(),
            AUTH_AUDIENCE: Match.anyValue(),
            MAIL_TRANSPORT: 'ses',
            MAIL_FROM: 'no-reply@golf-dream.example',
            NODE_OPTIONS: '--enable-source-maps',
          }),
        },
      },
    });
    expect(configured).toHaveLength(deployed.length);
  });

  it("grants each route exactly its row's declaration: item actions, named object and pool actions", () => {
    for (const route of deployed) {
      const expected = [
        ...tableGrants(route.aws).flatMap((grant) => grant.actions.map((action) => `dynamodb:${action}`)),
        ...(route.aws.uploads ?? []).map((action) => `s3:${action}`),
        ...(route.aws.rankingInputs ?? []).map((action) => `s3:${action}`),
        ...(route.aws.userPool ?? []).map((action) => `cognito-idp:${action}`),
        ...(route.aws.mail ? ['ses:SendEmail'] : []),
        // The origin lock's secret, which every API function reads, and its own log group.
        'secretsmanager:GetSecretValue',
        'logs:CreateLogStream',
        'logs:PutLogEvents',
        ...(route.aws.startsRankingJob ? ['lambda:InvokeFunction'] : []),
      ];
      expect(new Set(actionsOf(nested, route.name)), route.name).toEqual(new Set(expected));
    }
  });

  /** The DynamoDB statements of one route's function. */
  function tableStatementsOf(routeName: string) {
    type Statement = {
      Action: string | string[];
      Resource: unknown;
      Condition?: Record<string, Record<string, unknown>>;
    };
    return nested
      .flatMap((template) =>
        Object.entries(template.findResources('AWS::IAM::Policy'))
          .filter(([id]) => id.startsWith(`${pascalCase(routeName)}Role`))
          .map(([, policy]) => policy),
      )
      .flatMap(
        (policy) =>
          (policy as { Properties: { PolicyDocument: { Statement: Statement[] } } }).Properties.PolicyDocument
            .Statement,
      )
      .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('dynamodb:')))
      .map((statement) => ({
        actions: [statement.Action].flat().sort(),
        onIndexes: JSON.stringify(statement.Resource).includes('/index/'),
        onTable: !JSON.stringify(statement.Resource).includes('/index/'),
        leadingKeys: statement.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] as
          | string[]
          | undefined,
        conditions: Object.keys(statement.Condition ?? {}),
      }));
  }

  it('holds every table statement of every route to its partitions (dynamodb:LeadingKeys)', () => {
    for (const route of deployed.filter((candidate) => candidate.aws.table !== 'none')) {
      const statements = tableStatementsOf(route.name);
      expect(statements.length, route.name).toBeGreaterThan(0);
      for (const statement of statements) {
        expect(statement.conditions, route.name).toEqual(['ForAllValues:StringLike']);
        expect(statement.leadingKeys?.length, route.name).toBeGreaterThan(0);
        // No pattern that takes any key, and a statement is on the table or on the indexes, never both.
        expect(statement.leadingKeys, route.name).not.toContain('*');
        expect(statement.onTable !== statement.onIndexes, route.name).toBe(true);
        if (statement.onIndexes) expect(statement.actions, route.name).toEqual(['dynamodb:Query']);
      }
    }
  });

  it('writes each route’s declared partitions into its conditions: a team save, a sign-in, a guild listing', () => {
    const save = tableStatementsOf('saveTeam');
    const writes = save.find((statement) => statement.actions.includes('dynamodb:PutItem'))!;
    expect(writes.leadingKeys).toEqual(routes.saveTeam.aws.keys.write.map(leadingKeyPattern));
    expect(writes.leadingKeys).toContain('TEAM#*');
    expect(writes.actions).not.toContain('dynamodb:GetItem');
    const reads = save.find((statement) => statement.actions.includes('dynamodb:GetItem'))!;
    expect(reads.leadingKeys).toEqual(expect.arrayContaining(['TEAM#*', 'TOURNAMENT#*', 'ROUNDLOCK#*']));
    expect(reads.actions).toContain('dynamodb:ConditionCheckItem');

    // Signing in writes its rate limit and, through the user pool, a one-time grant (a mail token):
    // never a team, a guild or a tournament.
    const signIn = tableStatementsOf('createAuthToken');
    const signInWrites = signIn.filter((statement) => statement.actions.includes('dynamodb:PutItem'));
    expect(signInWrites.flatMap((statement) => statement.leadingKeys)).toEqual(
      routes.createAuthToken.aws.keys.write.map(leadingKeyPattern),
    );
    for (const forbidden of ['TEAM#*', 'GUILD#*', 'TOURNAMENT#*'])
      expect(signInWrites.flatMap((statement) => statement.leadingKeys)).not.toContain(forbidden);

    // A read-only route has no write statement; its index statement names the listing it queries.
    const listing = tableStatementsOf('listGuilds');
    expect(listing.some((statement) => statement.actions.includes('dynamodb:PutItem'))).toBe(false);
    const listed = listing.find((statement) => statement.onIndexes)?.leadingKeys;
    expect(listed).toEqual(routes.listGuilds.aws.keys.index.map(leadingKeyPattern));
    expect(listed).toContain('GUILDS#PUBLIC');
    expect(listed).not.toContain('TOURNAMENTS');
  });

  it('lets the registration link write: it deletes the link and creates the player', () => {
    expect(actionsOf(nested, 'verifyRegistration')).toEqual(
      expect.arrayContaining([
        'dynamodb:PutItem',
        'dynamodb:DeleteItem',
        'cognito-idp:AdminUpdateUserAttributes',
      ]),
    );
  });

  it('finding 5: deploys the mails’ one-click unsubscribe as a public route of its own that uses up a token and writes only the reminder partitions; a GET of its address only redirects', () => {
    const keys = resourcesOf(templates, 'AWS::ApiGatewayV2::Route').map(
      (resource) => (resource as { Properties: { RouteKey: string } }).Properties.RouteKey,
    );
    expect(keys).toEqual(
      expect.arrayContaining([
        'POST /api/reminders/unsubscribe/{token}',
        'GET /api/reminders/unsubscribe/{token}',
      ]),
    );
    // The same address opened in a browser only redirects: it reads nothing.
    expect(
      actionsOf(nested, 'openUnsubscribeLink').filter((action) => action.startsWith('dynamodb:')),
    ).toEqual([]);
    const actions = actionsOf(nested, 'unsubscribeRemindersOneClick');
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:DeleteItem', 'dynamodb:PutItem']));
    expect(actions).not.toContain('ses:SendEmail');
    const writes = tableStatementsOf('unsubscribeRemindersOneClick').filter((statement) =>
      statement.actions.includes('dynamodb:PutItem'),
    );
    expect(writes.flatMap((statement) => statement.leadingKeys).sort()).toEqual([
      'REMINDER_UNSUBSCRIBE#*',
      'USER#*',
    ]);
  });

  it('grants no blanket: no Scan or table actions, no wildcard, no group changes outside operator routes', () => {
    for (const route of deployed) {
      const actions = actionsOf(nested, route.name);
      expect(
        actions.filter((action) => action.includes('*')),
        route.name,
      ).toEqual([]);
      expect(actions, route.name).not.toContain('dynamodb:Scan');
      expect(
        actions.some((action) => action.startsWith('dynamodb:') && /Table|Stream/.test(action)),
        route.name,
      ).toBe(false);
      if (route.access !== 'operator')
        expect(actions, route.name).not.toContain('cognito-idp:AdminAddUserToGroup');
    }
  });

  it('grants objects on the uploads/ prefix, the ranking job’s inputs to the prize draw to read, and the presign route only PutObject', () => {
    const statements = resourcesOf(nested, 'AWS::IAM::Policy').flatMap(
      (policy) =>
        (
          policy as {
            Properties: { PolicyDocument: { Statement: Array<{ Action: unknown; Resource: unknown }> } };
          }
        ).Properties.PolicyDocument.Statement,
    );
    const objects = statements.filter((s) => JSON.stringify(s.Action).includes('"s3:'));
    const inputs = objects.filter((s) => /\/ranking-inputs\/\*"/.test(JSON.stringify(s.Resource)));
    for (const statement of objects.filter((s) => !inputs.includes(s)))
      expect(JSON.stringify(statement.Resource)).toMatch(/\/uploads\/\*"/);
    // The frozen teams: read only, by the prize draw, its preview and its public verification (the job writes them).
    expect(inputs.map((s) => s.Action)).toEqual(['s3:GetObject', 's3:GetObject', 's3:GetObject']);
    const readers = deployed.filter((route) => route.aws.rankingInputs?.length).map((route) => route.name);
    expect(readers.sort()).toEqual(['drawPrizes', 'getDrawVerification', 'previewPrizeDraw']);
    for (const name of readers)
      expect(
        actionsOf(nested, name).filter((action) => action.startsWith('s3:')),
        name,
      ).toEqual(['s3:GetObject']);
    expect(actionsOf(nested, 'presignUpload').filter((action) => action.startsWith('s3:'))).toEqual([
      's3:PutObject',
    ]);
  });
});

describe('jobs stack', () => {
  const template = Template.fromStack(jobs);

  it('is deployed after the API, whose functions read what the ranking job writes', () => {
    expect(jobs.dependencies).toContain(api);
  });

  it('reserves no concurrency anywhere, which a new account’s quota of 10 cannot spare (the jobs’ lease keeps one run at a time)', () => {
    for (const stack of [edge, data, auth, api, jobs, web, monitoring]) {
      const nested = stack.node.findAll().filter((c): c is Stack => c instanceof Stack);
      for (const each of nested) {
        const functions = Template.fromStack(each).findResources('AWS::Lambda::Function');
        for (const [name, fn] of Object.entries(functions))
          expect(fn['Properties'], `${each.stackName} ${name}`).not.toHaveProperty(
            'ReservedConcurrentExecutions',
          );
      }
    }
  });

  it('runs each job on an EventBridge schedule with room for a whole recompute', () => {
    const functionsWith = (memorySize: number) =>
      Object.keys(
        template.findResources('AWS::Lambda::Function', {
          Properties: {
            Runtime: 'nodejs22.x',
            Architectures: ['arm64'],
            MemorySize: memorySize,
            Timeout: 300,
          },
        }),
      );
    // The ranking job publishes a million players' rankings with the memory a new account allows
    // (3,008 MB, the default of rankingJobMemoryMb), and is told the packing workers that memory gives
    // (Lambda shows at least 2 cores at any memory).
    expect(functionsWith(defaultRankingJobMemoryMb)).toHaveLength(1);
    template.hasResourceProperties('AWS::Lambda::Function', {
      MemorySize: defaultRankingJobMemoryMb,
      FunctionName: Match.stringLikeRegexp('ranking-job'),
      Environment: {
        Variables: Match.objectLike({
          RANKING_PACKING_WORKERS: String(packingWorkersFor(defaultRankingJobMemoryMb)),
        }),
      },
    });
    // No other function is told to pack in parallel.
    const told = template.findResources('AWS::Lambda::Function', {
      Properties: { Environment: { Variables: { RANKING_PACKING_WORKERS: Match.anyValue() } } },
    });
    expect(Object.keys(told)).toHaveLength(1);
    // The ranking job apart, and the reminder senders (infra/test/reminder-senders.test.ts) besides.
    expect(functionsWith(1024)).toHaveLength(scheduledJobs.length);
    template.resourceCountIs('AWS::Events::Rule', scheduledJobs.length);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ TABLE_NAME: Match.anyValue(), MAIL_TRANSPORT: 'ses' }) },
    });
  });

  it('mails save receipts every minute, the job allowed to send mail', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      Description: Match.stringLikeRegexp('^Receipt mails'),
    });
  });

  it('sends a failed run, and a schedule that could not start one, to the job’s dead-letter queue', () => {
    // One each for the jobs and the reminder senders.
    template.resourceCountIs('AWS::SQS::Queue', scheduledJobs.length + 1);
    template.resourceCountIs('AWS::Lambda::EventInvokeConfig', scheduledJobs.length + 1);
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      MaximumRetryAttempts: 0,
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
    });
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(5 minutes)',
      Targets: [
        Match.objectLike({
          RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 240 },
          DeadLetterConfig: { Arn: Match.anyValue() },
        }),
      ],
    });
  });
});

describe('monitoring', () => {
  const template = Template.fromStack(monitoring);
  const alarmNames = Object.keys(template.findResources('AWS::CloudWatch::Alarm'));

  it('alarms on the API, Lambda, DynamoDB, every job and its dead letters, and mail reputation', () => {
    const expected = [
      'SideEffectFailures',
      'Api5xxRate',
      'Api4xxRate',
      'ApiLatencyP99',
      'LambdaErrors',
      'LambdaThrottles',
      'DynamoDbThrottles',
      'MailBounceRate',
      'MailComplaintRate',
      ...scheduledJobs.flatMap((job) => [`${job.name}Errors`, `${job.name}DeadLetters`]),
    ];
    for (const name of expected)
      expect(
        alarmNames.some((id) => id.startsWith(name)),
        name,
      ).toBe(true);
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmActions: [{ Ref: Match.stringLikeRegexp('^Alarms') }],
      OKActions: [{ Ref: Match.stringLikeRegexp('^Alarms') }],
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'Latency',
      ExtendedStatistic: 'p99',
      Threshold: 5000,
    });
  });

  it('alarms on any failed side effect (a guild post, a save receipt, a reminder), which the action it follows never shows', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: metricsNamespace,
      MetricName: 'SideEffectFailures',
      Dimensions: [
        { Name: 'service', Value: serviceName },
        { Name: 'stage', Value: 'test' },
      ],
      Statistic: 'Sum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
      AlarmActions: [{ Ref: Match.stringLikeRegexp('^Alarms') }],
    });
  });

  type Alarm = {
    Properties: {
      Namespace?: string;
      Dimensions?: Array<{ Name: string }>;
      Metrics?: Array<{
        Id: string;
        Expression?: string;
        MetricStat?: {
          Metric: {
            Namespace: string;
            MetricName: string;
            Dimensions?: Array<{ Name: string; Value: unknown }>;
          };
        };
      }>;
      Threshold: number;
    };
  };
  const alarms = template.findResources('AWS::CloudWatch::Alarm') as Record<string, Alarm>;
  const alarm = (name: string) => Object.entries(alarms).find(([id]) => id.startsWith(name))![1].Properties;

  it('reads only the stage’s own metrics: each Lambda metric is one function’s, none the account’s sum', () => {
    const lambdaMetrics = Object.values(alarms).flatMap(({ Properties: alarm }) => [
      ...(alarm.Namespace === 'AWS/Lambda' ? [alarm.Dimensions ?? []] : []),
      ...(alarm.Metrics ?? [])
        .filter((metric) => metric.MetricStat?.Metric.Namespace === 'AWS/Lambda')
        .map((metric) => metric.MetricStat!.Metric.Dimensions ?? []),
    ]);
    expect(lambdaMetrics.length).toBeGreaterThan(10);
    for (const dimensions of lambdaMetrics) expect(dimensions.map((d) => d.Name)).toEqual(['FunctionName']);
    // The errors and throttles of the gates, the team saves and the sign-in trigger.
    const saves = deployed.filter(
      (route) => route.access === 'user' && route.aws.keys?.write?.includes('TEAM#'),
    );
    for (const name of ['LambdaErrors', 'LambdaThrottles']) {
      const { Metrics: metrics = [] } = alarm(name);
      expect(metrics.filter((metric) => metric.Expression)).toEqual([
        expect.objectContaining({ Expression: 'SUM(FILL(METRICS(), 0))' }),
      ]);
      const watched = metrics.filter((metric) => metric.MetricStat);
      expect(watched).toHaveLength(2 + saves.length + 1);
      expect(new Set(watched.map((metric) => metric.MetricStat!.Metric.MetricName))).toEqual(
        new Set([name === 'LambdaErrors' ? 'Errors' : 'Throttles']),
      );
      // Each a function of this stage's api or auth stack, read from that stack's outputs.
      const stacks = watched.map(
        (metric) =>
          (
            metric.MetricStat!.Metric.Dimensions![0]!.Value as { 'Fn::GetStackOutput': { StackName: string } }
          )['Fn::GetStackOutput'].StackName,
      );
      expect(new Set(stacks)).toEqual(new Set(['Golf-test-Api', 'Golf-test-Auth']));
    }
  });

  it('alarms when a quarter of the API’s requests are answered 4xx, the tripwire of the API’s gate', () => {
    const { Metrics: metrics = [], Threshold } = alarm('Api4xxRate');
    expect(Threshold).toBe(25);
    expect(metrics.find((metric) => metric.Expression)?.Expression).toMatch(
      /^IF\(requests >= 300, 100 \* clientErrors \/ requests, 0\)$/,
    );
    const stats = metrics.flatMap((metric) => (metric.MetricStat ? [metric.MetricStat.Metric] : []));
    expect(stats.map((metric) => metric.MetricName).sort()).toEqual(['4xx', 'Count']);
    for (const metric of stats) {
      expect(metric.Namespace).toBe('AWS/ApiGateway');
      expect(metric.Dimensions).toEqual([expect.objectContaining({ Name: 'ApiId' })]);
    }
  });

  it('reads the game’s own metrics on the dashboard by the stage’s dimension', () => {
    const body = JSON.stringify(Object.values(template.findResources('AWS::CloudWatch::Dashboard'))[0]);
    expect(body).toContain('\\"TeamSaves\\",\\"service\\",\\"golf-dream-team\\",\\"stage\\",\\"test\\"');
  });

  it('mails alarms to the context’s address, and shows everything on one dashboard', () => {
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@golf.example.jp',
    });
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
  });

  it('alarms on CloudFront 5xx beside the distribution, in us-east-1', () => {
    const edge = Template.fromStack(web);
    edge.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/CloudFront',
      MetricName: '5xxErrorRate',
      Dimensions: Match.arrayWith([{ Name: 'Region', Value: 'Global' }]),
    });
    edge.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email' });
  });

  it('alarms when a step of the origin secret’s rotation fails, in us-east-1 where the rotation runs', () => {
    const edge = Template.fromStack(web);
    const [rotation] = Object.keys(
      edge.findResources('AWS::Lambda::Function', {
        Properties: { Environment: { Variables: Match.objectLike({ DISTRIBUTION_ID: Match.anyValue() }) } },
      }),
    );
    expect(web.region).toBe('us-east-1');
    edge.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/Lambda',
      MetricName: 'Errors',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: rotation } }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [{ Ref: Match.stringLikeRegexp('^MonitoringAlarms') }],
    });
  });
});

describe('the ranking job', () => {
  it('reads and writes its frozen teams under ranking-inputs/ only, and no other job touches the bucket', () => {
    const statements = (name: string) =>
      Object.entries(Template.fromStack(jobs).findResources('AWS::IAM::Policy'))
        .filter(([id]) => id.startsWith(name))
        .flatMap(
          ([, policy]) =>
            (
              policy as {
                Properties: { PolicyDocument: { Statement: Array<{ Action: unknown; Resource: unknown }> } };
              }
            ).Properties.PolicyDocument.Statement,
        )
        .filter((statement) => JSON.stringify(statement.Action).includes('"s3:'));
    const granted = statements('RankingRecompute');
    expect(granted).toHaveLength(1);
    expect(new Set([granted[0]!.Action].flat())).toEqual(new Set(['s3:GetObject', 's3:PutObject']));
    expect(JSON.stringify(granted[0]!.Resource)).toMatch(/\/ranking-inputs\/\*"/);
    for (const job of scheduledJobs.filter((j) => j.name !== 'RankingRecompute'))
      expect(statements(job.name), job.name).toEqual([]);
  });

  it('is started by name by the operator calls that change results, and by nothing else', () => {
    Template.fromStack(jobs).hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: 'golf-test-ranking-job',
      Timeout: 300,
    });
    const templates = Object.values(api.routeStacks).map((stack) => Template.fromStack(stack));
    const starters = deployed.filter((route) => route.aws.startsRankingJob).map((route) => route.name);
    expect(starters).toEqual(
      expect.arrayContaining(['importResults', 'markRoundFinal', 'correctResult', 'recomputeRankings']),
    );
    for (const route of deployed)
      expect(actionsOf(templates, route.name).includes('lambda:InvokeFunction'), route.name).toBe(
        starters.includes(route.name),
      );
    const invoke = templates
      .flatMap((template) => Object.values(template.findResources('AWS::IAM::Policy')))
      .flatMap(
        (policy) =>
          (
            policy as {
              Properties: { PolicyDocument: { Statement: Array<{ Action: unknown; Resource: unknown }> } };
            }
          ).Properties.PolicyDocument.Statement,
      )
      .filter((statement) => statement.Action === 'lambda:InvokeFunction');
    expect(JSON.stringify(invoke[0]!.Resource)).toContain(':function:golf-test-ranking-job');
    templates[0]!.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ RANKING_JOB_FUNCTION: 'golf-test-ranking-job' }) },
    });
  });
});

describe('web stack', () => {
  const template = Template.fromStack(web);

  it('serves the SPA from a private bucket and routes /api/* to the HTTP API', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        CustomErrorResponses: Match.absent(),
        DefaultCacheBehavior: Match.objectLike({
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
        CacheBehaviors: [
          Match.objectLike({
            PathPattern: '/api/*',
            AllowedMethods: Match.arrayWith(['PUT', 'PATCH', 'POST', 'DELETE']),
            FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
          }),
        ],
      }),
    });
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: Match.objectLike({ BlockPublicPolicy: true }),
    });
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    template.resourceCountIs('AWS::CloudFront::Function', 2);
  });

  it('puts AWS WAF, HTTP/2 and HTTP/3, TLS 1.2+ and access logs on the distribution, from us-east-1', () => {
    expect(web.region).toBe('us-east-1');
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        HttpVersion: 'http2and3',
        WebACLId: Match.anyValue(),
        Logging: Match.objectLike({ Bucket: Match.anyValue(), Prefix: 'cloudfront/' }),
        ViewerCertificate: Match.absent(),
      }),
    });
  });

  it('sends the security headers on every behaviour: the site, /api/* and the uploads CDN', () => {
    const policies = [Template.fromStack(web), Template.fromStack(data)].flatMap((t) =>
      Object.entries(t.findResources('AWS::CloudFront::ResponseHeadersPolicy')),
    );
    expect(policies).toHaveLength(2);
    for (const [, policy] of policies) {
      const config = (policy as { Properties: { ResponseHeadersPolicyConfig: Record<string, unknown> } })
        .Properties.ResponseHeadersPolicyConfig;
      expect(config['SecurityHeadersConfig']).toMatchObject({
        StrictTransportSecurity: {
          AccessControlMaxAgeSec: 63072000,
          IncludeSubdomains: true,
          Override: true,
        },
        ContentTypeOptions: { Override: true },
        FrameOptions: { FrameOption: 'DENY', Override: true },
        ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
      });
    }
    const siteCsp = JSON.stringify(
      Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0] as object,
    );
    expect(siteCsp).toContain("frame-ancestors 'none'");
    expect(siteCsp).toContain('amazoncognito.com');
    const distribution = (
      Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as {
        Properties: {
          DistributionConfig: {
            DefaultCacheBehavior: { ResponseHeadersPolicyId: unknown };
            CacheBehaviors: Array<{ ResponseHeadersPolicyId: unknown }>;
          };
        };
      }
    ).Properties.DistributionConfig;
    for (const behaviour of [distribution.DefaultCacheBehavior, ...distribution.CacheBehaviors]) {
      expect(behaviour.ResponseHeadersPolicyId).toEqual({ Ref: expect.stringMatching(/^SecurityHeaders/) });
    }
    Template.fromStack(data).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({ ResponseHeadersPolicyId: Match.anyValue() }),
      }),
    });
  });

  it('finding 8: sends Permissions-Policy and Cross-Origin-Opener-Policy everywhere, a CSP without inline styles on the site and one under which nothing runs on the storage origin', () => {
    const configOf = (stack: Stack) =>
      Object.values(Template.fromStack(stack).findResources('AWS::CloudFront::ResponseHeadersPolicy')).map(
        (policy) =>
          (policy as { Properties: { ResponseHeadersPolicyConfig: ResponseHeadersConfig } }).Properties
            .ResponseHeadersPolicyConfig,
      );
    const [site] = configOf(web);
    const [storage] = configOf(data);
    for (const config of [site!, storage!]) {
      expect(config.CustomHeadersConfig.Items).toEqual(
        expect.arrayContaining([
          { Header: 'Permissions-Policy', Value: permissionsPolicy, Override: true },
          { Header: 'Cross-Origin-Opener-Policy', Value: 'same-origin', Override: true },
        ]),
      );
      expect(config.SecurityHeadersConfig.ContentTypeOptions).toEqual({ Override: true });
    }
    expect(permissionsPolicy).toMatch(/camera=\(\), .*geolocation=\(\), .*microphone=\(\)/);
    const siteCsp = JSON.stringify(site!.SecurityHeadersConfig.ContentSecurityPolicy);
    expect(siteCsp).toContain("style-src 'self';");
    expect(siteCsp).not.toContain('unsafe-inline');
    expect(storage!.SecurityHeadersConfig.ContentSecurityPolicy).toEqual({
      ContentSecurityPolicy: storageContentSecurityPolicy,
      Override: true,
    });
    expect(storageContentSecurityPolicy).toMatch(/^default-src 'none'; /);
    expect(storageContentSecurityPolicy).not.toMatch(/script-src|unsafe/);
  });

  it('forwards the viewer’s address to the API, never the Host header', () => {
    template.hasResourceProperties('AWS::CloudFront::OriginRequestPolicy', {
      OriginRequestPolicyConfig: Match.objectLike({
        HeadersConfig: {
          HeaderBehavior: 'whitelist',
          Headers: Match.arrayWith(['CloudFront-Viewer-Address']),
        },
      }),
    });
    const headers = JSON.stringify(template.findResources('AWS::CloudFront::OriginRequestPolicy'));
    expect(headers).not.toMatch(/"Host"/);
  });

  it('caches API answers by their Cache-Control, query string and Authorization', () => {
    template.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        MinTTL: 0,
        DefaultTTL: 0,
        MaxTTL: 86400,
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
          QueryStringsConfig: { QueryStringBehavior: 'all' },
          HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization'] },
        }),
      }),
    });
  });

  it('caches as the local edge does: the shared declaration of each behaviour is what is deployed', () => {
    const policies = Object.values(template.findResources('AWS::CloudFront::CachePolicy'));
    expect(policies).toHaveLength(1);
    const config = policies[0]!['Properties'].CachePolicyConfig;
    const key = config.ParametersInCacheKeyAndForwardedToOrigin;
    expect({
      minTtlSeconds: config.MinTTL,
      defaultTtlSeconds: config.DefaultTTL,
      maxTtlSeconds: config.MaxTTL,
      queryStrings: key.QueryStringsConfig.QueryStringBehavior,
      headers: key.HeadersConfig.Headers,
      acceptEncoding: { gzip: key.EnableAcceptEncodingGzip, brotli: key.EnableAcceptEncodingBrotli },
    }).toEqual(apiCachePolicy);
    expect(key.CookiesConfig.CookieBehavior).toBe('none');

    const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!;
    const { DefaultCacheBehavior, CacheBehaviors } = distribution['Properties'].DistributionConfig;
    expect(CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern)).toEqual(
      edgeBehaviours.filter((b) => b.pathPattern !== '*').map((b) => b.pathPattern),
    );
    // The site's files: AWS's managed CachingOptimized policy, whose documented values (min 1 s,
    // default 1 day, max 1 year, nothing but the path in the key) siteCachePolicy repeats.
    expect(DefaultCacheBehavior.CachePolicyId).toBe('658327ea-f89d-4fab-a63d-7e88639e58f6');
    expect(siteCachePolicy).toEqual({
      minTtlSeconds: 1,
      defaultTtlSeconds: 86_400,
      maxTtlSeconds: 31_536_000,
      queryStrings: 'none',
      headers: [],
      acceptEncoding: { gzip: true, brotli: true },
    });
  });
});

describe('edge stack (us-east-1)', () => {
  const template = Template.fromStack(edge);

  it('runs AWS WAF for CloudFront: the per-session and per-address rate rules, then the IP-reputation, common and known-bad-input rules', () => {
    expect(edge.region).toBe('us-east-1');
    // The rate rules' limits, keys and scope are the deadline minute's (infra/test/deadline-capacity.test.ts).
    template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      Rules: [
        ...rateRules.map((name, index) =>
          Match.objectLike({
            Name: name,
            Priority: index,
            Action: { Block: {} },
            Statement: { RateBasedStatement: Match.anyValue() },
          }),
        ),
        ...managedRuleGroups.map((name, index) =>
          Match.objectLike({
            Name: name,
            Priority: rateRules.length + index,
            OverrideAction: { None: {} },
            Statement: { ManagedRuleGroupStatement: Match.objectLike({ VendorName: 'AWS', Name: name }) },
          }),
        ),
      ],
    });
  });

  it('keeps the origin secret in Secrets Manager, generated, and replicated to the API’s region', () => {
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      Name: 'golf-test/origin-verify',
      GenerateSecretString: Match.objectLike({ PasswordLength: 48 }),
      ReplicaRegions: [{ Region: 'ap-northeast-1' }],
    });
  });
});

describe('the origin lock', () => {
  it('gives every API function the secret’s name, and the distribution sends its value to /api/*', () => {
    const nested = Object.values(api.routeStacks).map((stack) => Template.fromStack(stack));
    const locked = resourcesOf(nested, 'AWS::Lambda::Function', {
      Properties: {
        Environment: {
          Variables: Match.objectLike({ ORIGIN_SECRET_ID: 'golf-test/origin-verify', STAGE: 'test' }),
        },
      },
    });
    expect(locked).toHaveLength(deployed.length);
    const distribution = JSON.stringify(
      Template.fromStack(web).findResources('AWS::CloudFront::Distribution', {
        Properties: { DistributionConfig: { Comment: Match.stringLikeRegexp('site and /api') } },
      }),
    );
    expect(distribution).toMatch(
      /"HeaderName":"x-origin-verify","HeaderValue":\{"Fn::Join"[^}]*resolve:secretsmanager:/,
    );
  });
});

describe('the arrival receipts’ key', () => {
  const nested = Object.values(api.routeStacks).map((stack) => Template.fromStack(stack));
  const keyName = 'golf-test/arrival-receipt-key';
  /** The secrets a route's function may read, by the ARNs its policy names. */
  const secretsReadBy = (routeName: string) =>
    JSON.stringify(
      nested.flatMap((template) =>
        Object.entries(template.findResources('AWS::IAM::Policy'))
          .filter(([id]) => id.startsWith(`${pascalCase(routeName)}Role`))
          .map(([, policy]) => policy),
      ),
    );

  it('is a secret of the API stack, generated, that only the team saves’ functions are given and may read', () => {
    Template.fromStack(api).hasResourceProperties('AWS::SecretsManager::Secret', {
      Name: keyName,
      GenerateSecretString: Match.objectLike({ PasswordLength: 64 }),
    });
    const savers = deployed.filter((route) => route.aws.arrivalReceipts).map((route) => route.name);
    expect(savers.sort()).toEqual(['deletePick', 'saveAiTeam', 'savePick', 'saveTeam']);
    for (const route of deployed) {
      const reads = secretsReadBy(route.name).includes(`secret:${keyName}-??????`);
      expect(reads, route.name).toBe(savers.includes(route.name));
    }
    const given = resourcesOf(nested, 'AWS::Lambda::Function', {
      Properties: { Environment: { Variables: Match.objectLike({ ARRIVAL_RECEIPT_SECRET_ID: keyName }) } },
    });
    expect(given).toHaveLength(savers.length);
  });

  it('and the headers of a team save reach the API through CloudFront', () => {
    Template.fromStack(web).hasResourceProperties('AWS::CloudFront::OriginRequestPolicy', {
      OriginRequestPolicyConfig: Match.objectLike({
        HeadersConfig: {
          HeaderBehavior: 'whitelist',
          Headers: Match.arrayWith(['Idempotency-Key', 'Arrival-Receipt']),
        },
      }),
    });
  });
});

describe('the sign-ins the API runs itself (LINE, X)', () => {
  const nested = Object.values(api.routeStacks).map((stack) => Template.fromStack(stack));
  const functionOf = (routeName: string) =>
    nested
      .flatMap((template) => Object.entries(template.findResources('AWS::Lambda::Function')))
      .find(([id]) => id.startsWith(pascalCase(routeName)))?.[1];

  it.each([
    ['golf-test/social/line', 'LINE_CHANNEL_ID', 'channelId', 'LINE_SECRET_ID'],
    ['golf-test/social/x', 'X_CLIENT_ID', 'clientId', 'X_SECRET_ID'],
  ])(
    'only the code exchange reads %s; both of its routes are given the client id',
    (secret, idName, idField, secretIdName) => {
      const policies = nested.flatMap((template) =>
        Object.entries(template.findResources('AWS::IAM::Policy')),
      );
      const readers = policies
        .filter(([, policy]) => JSON.stringify(policy).includes(`secret:${secret}-??????`))
        .map(([id]) => id);
      expect(readers).toEqual([expect.stringMatching(/^CreateSocialTokenRole/)]);
      expect(actionsOf(nested, 'createSocialToken')).toContain('secretsmanager:GetSecretValue');

      const clientId = `{{resolve:secretsmanager:${secret}:SecretString:${idField}::}}`;
      const exchange = functionOf('createSocialToken');
      const authorize = functionOf('getSocialAuthorize');
      expect(exchange).toMatchObject({
        Properties: { Environment: { Variables: { [idName]: clientId, [secretIdName]: secret } } },
      });
      expect(authorize).toMatchObject({ Properties: { Environment: { Variables: { [idName]: clientId } } } });
      expect(JSON.stringify(authorize)).not.toContain(secretIdName);
      // No other function is given the secret's name or the client id.
      const given = [auth, jobs, web, monitoring]
        .map((stack) => Template.fromStack(stack))
        .concat(nested)
        .flatMap((template) => Object.values(template.findResources('AWS::Lambda::Function')))
        .filter((fn) => JSON.stringify(fn).includes(secret));
      expect(given).toHaveLength(2);
    },
  );
});

describe('function environments', () => {
  // Ours: ApiFunction gives each NODE_OPTIONS; the CDK's own helpers (bucket deployment) have other settings.
  const functions = [edge, data, auth, api, ...Object.values(api.routeStacks), jobs, web, monitoring].flatMap(
    (stack) =>
      Object.entries(Template.fromStack(stack).findResources('AWS::Lambda::Function'))
        .map(([id, resource]) => ({
          id,
          names: Object.keys(
            (resource as { Properties: { Environment?: { Variables?: Record<string, unknown> } } }).Properties
              .Environment?.Variables ?? {},
          ),
        }))
        .filter(({ names }) => names.includes('NODE_OPTIONS'))
        .map(({ id, names }) => ({ id, names: names.filter((name) => name !== 'NODE_OPTIONS') })),
  );
  const listed = new Map(allFunctionVariables.map((variable) => [variable.name as string, variable]));
  const groupsOf = (names: readonly string[]) => new Set(names.map((name) => listed.get(name)?.group));
  const requiredOf = (group: VariableGroup) =>
    allFunctionVariables
      .filter((variable) => variable.group === group && variable.required)
      .map(({ name }) => name);

  it('are found on every function: the routes, the gates, the jobs, the triggers and the rotation', () => {
    expect(functionNodeOptions).toBe('--enable-source-maps');
    expect(functions.length).toBe(deployed.length + 2 + scheduledJobs.length + 1 + 2);
  });

  it('hold names of shared/src/function-environment.ts only, never a local-only one', () => {
    const unread = functions.flatMap(({ id, names }) =>
      names
        .filter((name) => !listed.has(name) || listed.get(name)!.group === 'localOnly')
        .map((name) => `${id}: ${name}`),
    );
    expect(unread).toEqual([]);
  });

  it('give a function each required name of every group it is given', () => {
    const missing = functions.flatMap(({ id, names }) =>
      [...groupsOf(names)].flatMap((group) =>
        requiredOf(group!)
          .filter((name) => !names.includes(name))
          .map((name) => `${id}: ${name}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('set every required name of the list on some function', () => {
    const set = new Set(functions.flatMap(({ names }) => names));
    const unset = allFunctionVariables
      .filter(({ required, name }) => required && !set.has(name))
      .map(({ name }) => name);
    expect(unset).toEqual([]);
  });

  it('give the route functions, the gates and the jobs the API settings (the team saves the receipts’ key too, the API’s own sign-ins their providers’), and the others their own alone', () => {
    const byGroups = new Map<string, number>();
    for (const { names } of functions) {
      const key = [...groupsOf(names)].sort().join('+');
      byGroups.set(key, (byGroups.get(key) ?? 0) + 1);
    }
    const savers = deployed.filter((route) => route.aws.arrivalReceipts).length;
    const socialSignIns = deployed.filter((route) => route.aws.socialSignIn).length;
    expect(socialSignIns).toBe(2);
    expect(Object.fromEntries(byGroups)).toEqual({
      'app+table': deployed.length - savers - socialSignIns + scheduledJobs.length + 1,
      'app+arrivalReceipts+table': savers,
      'app+socialSignIn+table': socialSignIns,
      'app+gate+table': 2,
      table: 1,
      originRotation: 1,
    });
  });
});
