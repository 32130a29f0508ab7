import { Duration, RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
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

    const providers = this.identityProviders(config);
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

  /**
   * The four federated providers. Every credential is a reference to the Secrets Manager secret
   * `{socialSecretPrefix}/{google|apple|line|x}` (JSON fields below), resolved by CloudFormation at
   * deploy time: nothing secret is in the template. X has no native Cognito provider and no OIDC of
   * its own: it joins as the OIDC provider `Twitter` served by a bridge (`xOidcIssuerUrl`) that speaks OIDC
   * to Cognito and OAuth 2.0 to X, issuing ID tokens whose `sub` is the X user id.
   */
  private identityProviders(config: InfraConfig): cognito.IUserPoolIdentityProvider[] {
    const secret = (provider: string, field: string) =>
      SecretValue.secretsManager(`${config.socialSecretPrefix}/${provider}`, { jsonField: field });
    const text = (provider: string, field: string) => secret(provider, field).unsafeUnwrap();
    const userPool = this.userPool;
    const email = { email: cognito.ProviderAttribute.other('email') };

    const google = new cognito.UserPoolIdentityProviderGoogle(this, 'Google', {
      userPool,
      clientId: text('google', 'clientId'),
      clientSecretValue: secret('google', 'clientSecret'),
      scopes: ['openid', 'email', 'profile'],
      attributeMapping: { email: cognito.ProviderAttribute.GOOGLE_EMAIL },
    });
    const apple = new cognito.UserPoolIdentityProviderApple(this, 'Apple', {
      userPool,
      clientId: text('apple', 'servicesId'),
      teamId: text('apple', 'teamId'),
      keyId: text('apple', 'keyId'),
      privateKeyValue: secret('apple', 'privateKey'),
      scopes: ['email', 'name'],
      attributeMapping: { email: cognito.ProviderAttribute.APPLE_EMAIL },
    });
    const line = new cognito.UserPoolIdentityProviderOidc(this, 'Line', {
      userPool,
      name: 'LINE',
      clientId: text('line', 'channelId'),
      clientSecret: text('line', 'channelSecret'),
      issuerUrl: 'https://access.line.me',
      scopes: ['openid', 'profile', 'email'],
      attributeRequestMethod: cognito.OidcAttributeRequestMethod.GET,
      attributeMapping: email,
    });
    const x = new cognito.UserPoolIdentityProviderOidc(this, 'X', {
      userPool,
      name: 'Twitter',
      clientId: text('x', 'clientId'),
      clientSecret: text('x', 'clientSecret'),
      issuerUrl: config.xOidcIssuerUrl,
      scopes: ['openid', 'profile'],
      attributeRequestMethod: cognito.OidcAttributeRequestMethod.GET,
    });
    return [google, apple, line, x];
  }
}
