import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import type { InfraConfig } from '../config';

/** The group the API's operator routes require (`cognito:groups` in the access token). */
export const operatorGroupName = 'operators';

/**
 * Stateful: the Cognito user pool (e-mail + password), its hosted domain, the public app client
 * and the operators group. Social sign-in (Google, Apple, LINE over OIDC, X through an OIDC
 * bridge) joins as identity providers created in `identityProviders()`, before the client that
 * lists them.
 */
export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  readonly domain: cognito.UserPoolDomain;

  constructor(scope: Construct, id: string, props: StackProps & { config: InfraConfig }) {
    super(scope, id, props);
    const { config } = props;
    this.userPool = new cognito.UserPool(this, 'Users', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        minLength: 8,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.domain = this.userPool.addDomain('Domain', {
      cognitoDomain: { domainPrefix: config.domainPrefix },
    });

    const providers = this.identityProviders();
    this.client = this.userPool.addClient('Web', {
      // A browser app: no secret; the code grant with PKCE, which Cognito applies to public clients.
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: true },
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL, cognito.OAuthScope.PROFILE],
        callbackUrls: config.callbackUrls,
        logoutUrls: config.logoutUrls,
      },
      supportedIdentityProviders: [
        cognito.UserPoolClientIdentityProvider.COGNITO,
        ...providers.map((provider) => cognito.UserPoolClientIdentityProvider.custom(provider.providerName)),
      ],
      accessTokenValidity: Duration.hours(24),
      idTokenValidity: Duration.hours(24),
      refreshTokenValidity: Duration.days(30),
      preventUserExistenceErrors: true,
    });
    for (const provider of providers) this.client.node.addDependency(provider);

    this.userPool.addGroup('Operators', {
      groupName: operatorGroupName,
      description: 'Operators run imports, finals, corrections and prize draws.',
    });
  }

  /** The federated providers; none until their client ids and secrets are configured. */
  private identityProviders(): cognito.IUserPoolIdentityProvider[] {
    return [];
  }
}
