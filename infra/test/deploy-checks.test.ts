import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildStageApp, prodStage, stageApp, testStage } from './apps';
import { defaultRankingJobMemoryMb, localStackContext, operatorSecrets } from '../lib/config';
import { scheduledJobs } from '../lib/stacks/jobs-stack';

const synth = (stage: string, more: Record<string, unknown> = {}) =>
  buildStageApp({
    stage,
    account: '123456789012',
    siteUrl: 'https://golf.example.jp',
    socialProviders: 'google,twitter,line,apple',
    ...more,
  });

/** Every template of an app, the nested stacks' included. */
function templatesOf(app: ReturnType<typeof synth>['app']): Template[] {
  return app.node
    .findAll()
    .filter((node): node is Stack => Stack.isStack(node))
    .map((stack) => Template.fromStack(stack));
}

/** The properties that give a resource its physical name (one namespace per account and region). */
const nameProperties: Record<string, string> = {
  'AWS::Lambda::Function': 'FunctionName',
  'AWS::DynamoDB::Table': 'TableName',
  'AWS::DynamoDB::GlobalTable': 'TableName',
  'AWS::S3::Bucket': 'BucketName',
  'AWS::SecretsManager::Secret': 'Name',
  'AWS::Cognito::UserPool': 'UserPoolName',
  'AWS::Cognito::UserPoolDomain': 'Domain',
  'AWS::CloudWatch::Dashboard': 'DashboardName',
  'AWS::CloudWatch::Alarm': 'AlarmName',
  'AWS::IAM::Role': 'RoleName',
  'AWS::Logs::LogGroup': 'LogGroupName',
  'AWS::SNS::Topic': 'TopicName',
  'AWS::SQS::Queue': 'QueueName',
  'AWS::SES::ConfigurationSet': 'Name',
  'AWS::Events::Rule': 'Name',
  'AWS::WAFv2::WebACL': 'Name',
  'AWS::ApiGatewayV2::Api': 'Name',
};

/** Each fixed name in the templates: `Type Name`. */
function fixedNames(templates: readonly Template[]): string[] {
  return templates.flatMap((template) =>
    Object.values(template.toJSON()['Resources'] as Record<string, { Type: string; Properties?: object }>)
      .map(({ Type, Properties }) => [
        Type,
        (Properties as Record<string, unknown>)?.[nameProperties[Type] ?? ''],
      ])
      .filter(([, name]) => typeof name === 'string')
      .map(([type, name]) => `${type} ${name as string}`),
  );
}

const test = stageApp(testStage);
const qa = synth('qa', { mailIdentity: 'reuse' });
const testTemplates = templatesOf(test.app);

/** The memory (MB) of every function of an app, the nested stacks' included, by stack path and id. */
function functionMemories(app: ReturnType<typeof synth>['app']): Map<string, number> {
  const memories = new Map<string, number>();
  for (const stack of app.node.findAll().filter((node): node is Stack => Stack.isStack(node))) {
    const functions = Template.fromStack(stack).findResources('AWS::Lambda::Function');
    for (const [id, fn] of Object.entries(functions)) {
      // Lambda's default memory is 128 MB.
      const memory = (fn as { Properties: { MemorySize?: number } }).Properties.MemorySize ?? 128;
      memories.set(`${stack.node.path} ${id}`, memory);
    }
  }
  return memories;
}

describe('a first deploy into a new account', { timeout: 240_000 }, () => {
  it('asks no function for more than the 3,008 MB a new account allows, with npm run synth’s context', () => {
    // `npm run synth`: cdk.json's context and the stage only.
    const memories = functionMemories(buildStageApp({ stage: 'dev' }).app);
    expect(memories.size).toBeGreaterThan(scheduledJobs.length);
    const above = [...memories].filter(([, memory]) => memory > 3008);
    expect(above).toEqual([]);
    expect(Math.max(...memories.values())).toBe(defaultRankingJobMemoryMb);
  });

  it('gives the ranking job the memory the context raises it to, and the packing workers that memory gives', () => {
    const { jobs } = synth('test', { rankingJobMemoryMb: '5307' });
    Template.fromStack(jobs).hasResourceProperties('AWS::Lambda::Function', {
      MemorySize: 5307,
      FunctionName: Match.stringLikeRegexp('ranking-job'),
      Environment: { Variables: Match.objectLike({ RANKING_PACKING_WORKERS: '2' }) },
    });
    expect(() => synth('test', { rankingJobMemoryMb: '20000' })).toThrowError(/rankingJobMemoryMb 20000/);
  });

  it('refuses the LocalStack stage for any account but LocalStack’s', () => {
    expect(() => buildStageApp({ ...localStackContext, account: '123456789012' })).toThrowError(
      /stage local is for LocalStack only/,
    );
    expect(() => buildStageApp({ stage: 'local', siteUrl: 'http://localhost:3000' })).toThrowError(
      /stage local is for LocalStack only/,
    );
  });
});

describe('names per stage and per account', () => {
  it('gives every named resource a name that carries the stage', () => {
    const names = fixedNames(testTemplates);
    expect(names).toEqual(
      expect.arrayContaining([
        'AWS::Lambda::Function golf-test-ranking-job',
        'AWS::SecretsManager::Secret golf-test/origin-verify',
        expect.stringMatching(/^AWS::Cognito::UserPoolDomain golf-test-[0-9a-f]{8}$/),
      ]),
    );
    expect(names.filter((name) => !/golf-test\b/.test(name))).toEqual([]);
  });

  it('keeps every secret the stage reads or references under golf-{stage}/', () => {
    const text = testTemplates.map((template) => JSON.stringify(template.toJSON())).join('\n');
    const referenced = [...text.matchAll(/resolve:secretsmanager:([\w/+=.@-]+)/g)].map((match) => match[1]);
    const granted = [...text.matchAll(/:secret:([\w/+=.@-]+?)-\?{6}/g)].map((match) => match[1]);
    expect(referenced).toEqual(
      expect.arrayContaining(['golf-test/social/google', 'golf-test/social/apple', 'golf-test/social/line']),
    );
    expect(granted).toEqual(expect.arrayContaining(['golf-test/origin-verify', 'golf-test/social/x']));
    expect([...referenced, ...granted].filter((name) => !name!.startsWith('golf-test/'))).toEqual([]);
  });

  it('lists for npm run preflight every secret the operator creates: each field the templates resolve, each one a function reads', () => {
    const text = testTemplates.map((template) => JSON.stringify(template.toJSON())).join('\n');
    const resolved = new Set(
      [...text.matchAll(/resolve:secretsmanager:([\w/+=.@-]+):SecretString:(\w+)/g)].map(
        (match) => `${match[1]}:${match[2]}`,
      ),
    );
    const granted = new Set([...text.matchAll(/:secret:([\w/+=.@-]+?)-\?{6}/g)].map((match) => match[1]!));
    // The stacks' own, generated secrets need nothing of the operator.
    for (const generated of ['golf-test/origin-verify', 'golf-test/arrival-receipt-key'])
      granted.delete(generated);
    const listed = operatorSecrets(test.config);
    const fields = new Set(
      listed.flatMap((secret) => secret.fields.map((field) => `${secret.name}:${field}`)),
    );
    expect([...resolved].filter((field) => !fields.has(field))).toEqual([]);
    expect([...granted].filter((name) => !listed.some((secret) => secret.name === name))).toEqual([]);
    expect(
      listed.filter(
        (secret) =>
          !granted.has(secret.name) && !secret.fields.some((f) => resolved.has(`${secret.name}:${f}`)),
      ),
    ).toEqual([]);
    expect(listed.map((secret) => secret.name)).toEqual([
      'golf-test/social/google',
      'golf-test/social/x',
      'golf-test/social/line',
      'golf-test/social/apple',
      'golf-test/line-messaging',
    ]);
  });

  it('gives two stages of one account different Cognito domains and secrets', () => {
    const domain = (app: ReturnType<typeof synth>) =>
      Object.values(Template.fromStack(app.auth).findResources('AWS::Cognito::UserPoolDomain'))[0]!.Properties
        .Domain as string;
    expect(domain(test)).not.toBe(domain(qa));
    const qaNames = fixedNames(templatesOf(qa.app));
    expect(qaNames.filter((name) => !/golf-qa\b/.test(name))).toEqual([]);
  });

  it('lets one stage own the mail domain’s SES identity and another send from it', () => {
    Template.fromStack(test.data).resourceCountIs('AWS::SES::EmailIdentity', 1);
    Template.fromStack(qa.data).resourceCountIs('AWS::SES::EmailIdentity', 0);
    // The reusing stage still sends only from its address, through its own configuration set.
    const sendMail = templatesOf(qa.app)
      .flatMap((template) => Object.values(template.findResources('AWS::IAM::Policy')))
      .map((policy) => JSON.stringify(policy))
      .filter((policy) => policy.includes('ses:SendEmail'));
    expect(sendMail.length).toBeGreaterThan(0);
    for (const policy of sendMail) {
      expect(policy).toContain(':identity/golf-dream.example');
      expect(policy).toContain('"ses:FromAddress":"no-reply@golf-dream.example"');
    }
  });
});

describe('the origin lock survives rotation', () => {
  const web = Template.fromStack(test.web);

  it('rotates the origin secret every 30 days through a function that updates the distribution', () => {
    web.hasResourceProperties('AWS::SecretsManager::RotationSchedule', {
      SecretId: Match.anyValue(),
      RotationLambdaARN: { 'Fn::GetAtt': [Match.stringLikeRegexp('^OriginSecretRotationFunction'), 'Arn'] },
      RotationRules: { ScheduleExpression: 'rate(30 days)' },
      RotateImmediatelyOnUpdate: false,
    });
    web.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({ DISTRIBUTION_ID: { Ref: Match.stringLikeRegexp('^Distribution') } }),
      },
      // Longer than the wait for every API function to reload the values.
      Timeout: 600,
    });
    web.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'secretsmanager.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [Match.stringLikeRegexp('^OriginSecretRotationFunction'), 'Arn'] },
    });
  });

  it('grants the rotation exactly the secret’s versions and this distribution’s configuration', () => {
    const policies = Object.entries(web.findResources('AWS::IAM::Policy'))
      .filter(([id]) => id.startsWith('OriginSecretRotationRole'))
      .map(([, policy]) => JSON.stringify(policy));
    const statements = policies.join('\n');
    for (const action of [
      'cloudfront:GetDistribution',
      'cloudfront:GetDistributionConfig',
      'cloudfront:UpdateDistribution',
      'secretsmanager:PutSecretValue',
      'secretsmanager:UpdateSecretVersionStage',
      'secretsmanager:ListSecretVersionIds',
    ]) {
      expect(statements).toContain(`"${action}"`);
    }
    expect(statements).toMatch(/:distribution\/",\{"Ref":"Distribution/);
    expect(statements).not.toContain('"cloudfront:*"');
    expect(statements).not.toMatch(/"Action":"cloudfront:[^"]*","Effect":"Allow","Resource":"\*"/);
  });

  it('leaves the previous header value accepted: the API functions read every label of the secret', () => {
    const routes = Object.values(test.api.routeStacks).map((stack) => Template.fromStack(stack));
    const reads = routes
      .flatMap((template) => Object.values(template.findResources('AWS::IAM::Policy')))
      .filter((policy) => JSON.stringify(policy).includes('golf-test/origin-verify-??????'));
    expect(reads.length).toBeGreaterThan(100);
  });
});

describe('the outputs an operator reads after a deploy', () => {
  /** A stack's outputs for people, which say what they are for: the cross-stack references CDK adds have no description. */
  const outputs = (stack: Stack) =>
    Object.fromEntries(
      Object.entries(
        Template.fromStack(stack).toJSON()['Outputs'] as Record<
          string,
          { Value: unknown; Description?: string }
        >,
      ).filter(([, output]) => output.Description),
    );
  const prod = stageApp(prodStage);

  it('name the site, the API, the user pool and the three DKIM records of the mail domain', () => {
    expect(Object.keys(outputs(test.web))).toContain('SiteUrl');
    expect(Object.keys(outputs(test.api))).toContain('ApiEndpoint');
    expect(Object.keys(outputs(test.auth))).toContain('UserPoolId');
    const data = outputs(test.data);
    for (const n of [1, 2, 3])
      expect(JSON.stringify(data[`MailDkimRecord${n}`]!.Value)).toContain(`DkimDNSTokenValue${n}`);
    // A stage that sends from another stage's identity has no records to publish.
    expect(Object.keys(outputs(qa.data)).filter((key) => key.startsWith('MailDkimRecord'))).toEqual([]);
  });

  it('give the callbacks to register at LINE and X, and the redirect URI of Google and Apple, when the stage enables them', () => {
    const auth = outputs(test.auth);
    const callbacks = String(auth['ApiSignInCallbackUrls']?.Value).split(' ');
    expect(callbacks.length).toBeGreaterThan(0);
    for (const url of callbacks) expect(url).toMatch(/^https?:\/\/[^/]+\/login\/(line|twitter)\/callback$/);
    expect(JSON.stringify(auth['SignInRedirectUri']?.Value)).toContain('/oauth2/idpresponse');
    // No provider enabled: nothing to register.
    expect(Object.keys(outputs(prod.auth))).toEqual(['UserPoolId']);
  });
});
