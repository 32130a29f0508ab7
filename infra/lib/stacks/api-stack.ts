import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { routeList } from '../../../shared/src/contracts';
import type { InfraConfig } from '../config';
import { ApiFunction } from '../constructs/api-function';

export interface ApiStackProps extends StackProps {
  config: InfraConfig;
  table: dynamodb.ITableV2;
  uploads: s3.IBucket;
  uploadsPublicUrl: string;
  userPool: cognito.IUserPool;
  client: cognito.IUserPoolClient;
}

/** Stateless: the HTTP API, one function per route of the shared route table (local-only rows left out). */
export class ApiStack extends Stack {
  readonly api: apigw.HttpApi;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    this.api = new apigw.HttpApi(this, 'Api', { createDefaultStage: true });
    const issuer = `https://cognito-idp.${this.region}.amazonaws.com/${props.userPool.userPoolId}`;
    const environment = {
      TABLE_NAME: props.table.tableName,
      UPLOADS_BUCKET: props.uploads.bucketName,
      UPLOADS_PUBLIC_URL: props.uploadsPublicUrl,
      AUTH_ISSUER: issuer,
      AUTH_JWKS_URL: `${issuer}/.well-known/jwks.json`,
      AUTH_AUDIENCE: props.client.userPoolClientId,
      COGNITO_USER_POOL_ID: props.userPool.userPoolId,
      MAIL_TRANSPORT: 'ses',
      MAIL_FROM: props.config.mailFrom,
      SITE_URL: props.config.siteUrls[0]!,
    };

    for (const route of routeList()) {
      if (route.localOnly) continue;
      const { function: fn } = new ApiFunction(
        this,
        `${route.name[0]!.toUpperCase()}${route.name.slice(1)}`,
        {
          handler: route.handler,
          environment,
        },
      );
      // Public reads only read; everything else may write.
      if (route.method === 'GET' && route.access === 'public') props.table.grantReadData(fn);
      else props.table.grantReadWriteData(fn);
      if (route.method !== 'GET') props.uploads.grantReadWrite(fn, 'uploads/*');
      if (route.handler.startsWith('auth/') || route.handler.startsWith('user/')) {
        fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['ses:SendEmail'], resources: ['*'] }));
        fn.addToRolePolicy(
          new iam.PolicyStatement({ actions: ['cognito-idp:*'], resources: [props.userPool.userPoolArn] }),
        );
      }
      this.api.addRoutes({
        path: route.path,
        methods: [route.method as apigw.HttpMethod],
        integration: new HttpLambdaIntegration(`${route.name}Integration`, fn),
      });
    }
    new CfnOutput(this, 'ApiEndpoint', { value: this.api.apiEndpoint });
  }
}
