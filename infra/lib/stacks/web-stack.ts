import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CfnOutput, Duration, Fn, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as deployment from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { siteConfigPath, siteConfigScript, type SiteConfig } from '@golf/shared/site-config';
import type { RouteDefinition } from '@golf/shared/contracts';
import { originVerifyHeader, type SiteOrigins } from '@golf/shared/security-headers';
import { arrivalReceiptHeader, idempotencyKeyHeader } from '@golf/shared/team-save-headers';
import { apiCachePolicy, edgeBehaviours } from '@golf/shared/edge-cache';
import type { EnvironmentOf } from '@golf/shared/function-environment';
import { sharedCacheCode, spaRewriteCode } from '../cloudfront-functions';
import type { InfraConfig } from '../config';
import { accessLogsBucket } from '../constructs/access-logs';
import { ApiFunction } from '../constructs/api-function';
import { securityHeadersPolicy } from '../constructs/security-headers';
import { distributionAlarms } from './monitoring-stack';
import { repositoryRoot } from '../paths';

export interface WebStackProps extends StackProps {
  config: InfraConfig;
  api: apigw.IHttpApi;
  /** AWS WAF's web ACL for CloudFront (edge stack). */
  webAclArn: string;
  /** The value CloudFront sends the API as `x-origin-verify` (edge stack). */
  originSecret: secretsmanager.ISecret;
  /** What the CSP lets the site reach: the uploads CDN and bucket, the hosted sign-in domain. */
  siteOrigins: SiteOrigins;
  /** The routes the API serves; their cache rules shape the /api/* behaviour. */
  routes: readonly RouteDefinition[];
  /** What /site-config.js tells the SPA (the launch gate). */
  siteConfig: SiteConfig;
}

/**
 * Stateless: the built SPA in a private bucket and the API, behind one CloudFront distribution.
 * /api/* honours the Cache-Control the handlers send, so public answers absorb a spike at the edge.
 * Deployed to us-east-1 with the web ACL and CloudFront's own metrics; AWS WAF, the security
 * headers policy, HTTP/2 and HTTP/3 and access logs on every request; the API origin gets the
 * secret header without which the API answers 403.
 */
export class WebStack extends Stack {
  readonly distribution: cloudfront.Distribution;
  readonly accessLogs: s3.Bucket;
  /** The /site-config.js this deployment writes next to the built SPA. */
  readonly siteConfigScript: string;
  /** Secrets Manager's rotation of the origin secret, which also changes what CloudFront sends. */
  readonly originRotation: { function: lambda.IFunction; schedule: secretsmanager.RotationSchedule };

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;
    const logs = (this.accessLogs = accessLogsBucket(this));
    const site = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'site-bucket/',
      // Only build output lives here; the next deploy uploads it again.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    // TTLs come from the handlers' Cache-Control (no-store unless a route sets cacheSeconds).
    // Authorization is in the key because CloudFront forwards it to the origin only from there;
    // the viewer function removes it where the answer is the same for everyone.
    // The values are shared with the local stack's edge (shared/src/edge-cache.ts).
    const apiCache = new cloudfront.CachePolicy(this, 'ApiCache', {
      comment: 'API: origin Cache-Control, all query strings, Authorization',
      minTtl: Duration.seconds(apiCachePolicy.minTtlSeconds),
      defaultTtl: Duration.seconds(apiCachePolicy.defaultTtlSeconds),
      maxTtl: Duration.seconds(apiCachePolicy.maxTtlSeconds),
      queryStringBehavior:
        apiCachePolicy.queryStrings === 'all'
          ? cloudfront.CacheQueryStringBehavior.all()
          : cloudfront.CacheQueryStringBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList(...apiCachePolicy.headers),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: apiCachePolicy.acceptEncoding.gzip,
      enableAcceptEncodingBrotli: apiCachePolicy.acceptEncoding.brotli,
    });
    const apiPathPattern = edgeBehaviours.find(
      (behaviour) => behaviour.policy === apiCachePolicy,
    )!.pathPattern;
    const viewerRequest = (id: string, code: string) => [
      {
        eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
        function: new cloudfront.Function(this, id, {
          code: cloudfront.FunctionCode.fromInline(code),
          runtime: cloudfront.FunctionRuntime.JS_2_0,
        }),
      },
    ];
    // https://{id}.execute-api.{region}.amazonaws.com -> the host name.
    const apiDomain = Fn.select(2, Fn.split('/', props.api.apiEndpoint));
    const headers = securityHeadersPolicy(this, 'SecurityHeaders', props.siteOrigins);
    // What the API reads from a viewer (never Host: API Gateway routes by its own), and the
    // viewer's address, which the rate limits count.
    const apiRequest = new cloudfront.OriginRequestPolicy(this, 'ApiRequest', {
      comment: 'API: viewer headers the handlers read, the viewer address, all query strings and cookies',
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(
        'Accept',
        'Accept-Language',
        'Content-Type',
        'Origin',
        'Referer',
        'User-Agent',
        'CloudFront-Viewer-Address',
        // A team save's own (shared/src/team-save-headers.ts).
        idempotencyKeyHeader,
        arrivalReceiptHeader,
      ),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.all(),
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Golf dream team ${config.stage}: the site and /api/*`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      webAclId: props.webAclArn,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      ...(config.domainName && config.certificateArn
        ? {
            domainNames: [config.domainName],
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', config.certificateArn),
          }
        : {}),
      // Class 200 includes the edge locations in Japan, where the players are.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_200,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(site),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        // AWS's managed policy, whose values shared/src/edge-cache.ts declares as siteCachePolicy.
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        // Per request rather than as error responses, so an API 404 stays a 404.
        functionAssociations: viewerRequest('SpaRewrite', spaRewriteCode),
      },
      additionalBehaviors: {
        [apiPathPattern]: {
          origin: new origins.HttpOrigin(apiDomain, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            // Resolved by CloudFormation from the secret at deploy time; rotated per docs/deploy.md.
            customHeaders: { [originVerifyHeader]: props.originSecret.secretValue.unsafeUnwrap() },
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: apiCache,
          originRequestPolicy: apiRequest,
          responseHeadersPolicy: headers,
          functionAssociations: viewerRequest('ApiSharedCache', sharedCacheCode(props.routes)),
        },
      },
    });

    // Uploaded only when the SPA has been built, so `npm run synth` also works before a build
    // (`npm run deploy` builds first).
    const dist = join(repositoryRoot, 'frontend/dist');
    this.siteConfigScript = siteConfigScript(props.siteConfig);
    if (existsSync(join(dist, 'index.html'))) {
      new deployment.BucketDeployment(this, 'DeploySite', {
        // The built SPA, and its settings file written from this deployment's configuration.
        sources: [
          deployment.Source.asset(dist, { exclude: [siteConfigPath.slice(1)] }),
          deployment.Source.data(siteConfigPath.slice(1), this.siteConfigScript),
        ],
        destinationBucket: site,
        distribution: this.distribution,
      });
    }
    this.originRotation = this.rotateOriginSecret(props.originSecret);
    distributionAlarms(this, config, this.distribution, this.originRotation.function);
    new CfnOutput(this, 'SiteUrl', {
      value: `https://${this.distribution.distributionDomainName}`,
      description: 'The distribution: siteUrl of the next deploy, or where a custom domain points (CNAME)',
    });
  }

  /**
   * The origin secret rotates every 30 days by Secrets Manager, through a function that gives the new
   * value to this distribution once every API function accepts it (functions/src/jobs/
   * rotate-origin-secret.ts): the header never carries a value the API refuses. It lives beside the
   * distribution it changes, in the secret's region.
   */
  private rotateOriginSecret(secret: secretsmanager.ISecret) {
    const { function: fn } = new ApiFunction(this, 'OriginSecretRotation', {
      handler: 'jobs/rotate-origin-secret',
      entry: join(repositoryRoot, 'functions/src/jobs/rotate-origin-secret.ts'),
      aws: { table: 'none' },
      environment: { DISTRIBUTION_ID: this.distribution.distributionId } satisfies EnvironmentOf<
        'log' | 'originRotation'
      >,
      // setSecret waits for every API function to have reloaded the values (about 6 minutes).
      timeout: Duration.minutes(10),
      memorySize: 256,
    });
    this.distribution.grant(
      fn,
      'cloudfront:GetDistribution',
      'cloudfront:GetDistributionConfig',
      'cloudfront:UpdateDistribution',
    );
    // Besides what the schedule grants (describe, read, put, relabel): the versions' creation dates.
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['secretsmanager:ListSecretVersionIds'],
        resources: [secret.secretFullArn ?? `${secret.secretArn}-??????`],
      }),
    );
    const schedule = new secretsmanager.RotationSchedule(this, 'OriginSecretRotationSchedule', {
      secret,
      rotationLambda: fn,
      automaticallyAfter: Duration.days(30),
      // Not during the deploy that creates the distribution: its first change is still propagating.
      rotateImmediatelyOnUpdate: false,
    });
    return { function: fn, schedule };
  }
}
