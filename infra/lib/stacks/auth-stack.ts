import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import type { InfraConfig } from '../config';

export const socialProviders = ['google', 'twitter', 'line', 'apple'] as const;

/**
 * Stateful: the Cognito user pool (e-mail + password), its app client and hosted domain, and the
 * `operators` group. Google, Apple and LINE (OIDC) are added as identity providers once their
 * client secrets exist in the account; X has no native Cognito provider and is bridged through
 * an OIDC shim (README, "Deploying").
 */
export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, props: StackProps & { config: InfraConfig }) {
    super(scope, id, props);
    this.userPool = new cognito.UserPool(this, 'Users', {
      signInAliases: { email: true },
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      passwordPolicy: {
        minLength: 8,
        requireLowercase: false,
        requireUppercase: false,
        requireSymbols: false,
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const callbackUrls = props.config.siteUrls.flatMap((site) =>
      socialProviders.map((provider) => `${site}/login/${provider}/callback`),
    );
    this.client = this.userPool.addClient('Web', {
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: true },
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL, cognito.OAuthScope.PROFILE],
        callbackUrls,
        logoutUrls: props.config.siteUrls.map((site) => `${site}/logout`),
      },
      accessTokenValidity: Duration.hours(24),
      idTokenValidity: Duration.hours(24),
      refreshTokenValidity: Duration.days(30),
      preventUserExistenceErrors: true,
    });
    this.userPool.addDomain('Domain', { cognitoDomain: { domainPrefix: props.config.domainPrefix } });
    new cognito.CfnUserPoolGroup(this, 'Operators', {
      userPoolId: this.userPool.userPoolId,
      groupName: 'operators',
      description: 'Operators run imports, finals, corrections and prize draws.',
    });
  }
}
