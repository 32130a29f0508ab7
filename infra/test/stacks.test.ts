import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { routeList } from '../../shared/src/contracts';
import { buildApp } from '../lib/app';

// Bundling every function with esbuild is what `cdk synth` does; the assertions only need the templates.
const { data, auth, api, web } = buildApp({ context: { 'aws:cdk:bundling-stacks': [] } });
const deployed = routeList().filter((route) => !route.localOnly);

describe('data stack', () => {
  const template = Template.fromStack(data);

  it('has the single table with its keys, two GSIs and TTL', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      GlobalSecondaryIndexes: Match.arrayWith([
        Match.objectLike({ IndexName: 'GSI1' }),
        Match.objectLike({ IndexName: 'GSI2' }),
      ]),
    });
  });

  it('keeps the uploads bucket private', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
  });
});

describe('auth stack', () => {
  const template = Template.fromStack(auth);

  it('has an e-mail user pool, a public client, a domain and the operators group', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', { UsernameAttributes: ['email'] });
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      AllowedOAuthFlows: ['code'],
      CallbackURLs: Match.arrayWith(['http://localhost:3000/login/google/callback']),
    });
    template.resourceCountIs('AWS::Cognito::UserPoolDomain', 1);
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'operators' });
  });
});

describe('api stack', () => {
  const template = Template.fromStack(api);

  it('has one function per deployed route of the route table', () => {
    const functions = template.findResources('AWS::Lambda::Function', {
      Properties: { Runtime: 'nodejs20.x' },
    });
    expect(Object.keys(functions)).toHaveLength(deployed.length);
  });

  it('has every deployed route key and no local-only one', () => {
    const keys = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map(
      (resource) => (resource as { Properties: { RouteKey: string } }).Properties.RouteKey,
    );
    expect(keys.sort()).toEqual(deployed.map((route) => `${route.method} ${route.path}`).sort());
    expect(keys.some((key) => key.includes('/api/dev/'))).toBe(false);
  });
});

describe('web stack', () => {
  it('serves the SPA and routes /api/* to the HTTP API through CloudFront', () => {
    const template = Template.fromStack(web);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        CacheBehaviors: Match.arrayWith([Match.objectLike({ PathPattern: '/api/*' })]),
      }),
    });
    template.resourceCountIs('AWS::CloudFront::Function', 1);
  });
});
