import { join } from 'node:path';
import { CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { passwordMinLength } from '@golf/shared/schemas/account';
import {
  isSignedInByApi,
  type ProviderSignedInByApi,
  type SocialProvider,
} from '@golf/shared/schemas/values/social';
import type { EnvironmentOf } from '@golf/shared/function-environment';
import type { InfraConfig } from '../config';
import type { AwsAccess } from '@golf/shared/aws-access';
import { checkLeadingKeys } from '../aws-sdk-usage';
import { ApiFunction } from '../constructs/api-function';
import { repositoryRoot } from '../paths';

/**
 * The table access of the function sign-in runs through, held to the partitions it uses
 * (`dynamodb:LeadingKeys`, docs/adr/0011-leading-keys.md), as a route row is: it answers the
 * internet (the pool's sign-in). The custom sign-in takes its one-time grants (a conditional delete).
 */
export const signInFunctions = {
  CustomSignIn: {
    entry: join(repositoryRoot, 'functions/src/triggers/custom-auth.ts'),
    aws: { table: 'write', keys: { write: ['MAILTOKEN#'] } },
  },
} as const satisfies Record<string, { entry: string; aws: AwsAccess }>;

/** The group the API's operator routes require (`cognito:groups` in the access token). */
const operatorGroupName = 'operators';

export interface AuthStackProps extends StackProps {
  config: InfraConfig;
  /** The table where the server leaves the one-time grants the custom sign-in checks. */
  table: dynamodb.ITableV2;
  uploads: s3.IBucket;
}

/**
 * Stateful: the Cognito user pool, its hosted domain, the public app client and the operators
 * group. Social sign-in with Google and Apple joins as identity providers created in
 * `identityProviders()`, before the client that lists them. LINE's and X's sign-ins are the API's
 * own: their players are users of the pool's own, signed in by the custom sign-in.
 *
 * E-mail logins are created by the API only (no self sign-up): a user whose username is the
 * player's id and whose e-mail is a sign-in alias, usable once the API verifies it (when the
 * player opens the mailed link). The API signs in with the admin password flow, and without a
 * password (a link just opened) by the custom sign-in whose triggers check its one-time grant.
 */
export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  readonly domain: cognito.UserPoolDomain;
  /** The function sign-in runs through (the custom sign-in trigger): the stage's alarms watch it. */
  readonly watchedFunctions: Array<{ name: string; function: lambda.IFunction }> = [];

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.userPool = new cognito.UserPool(this, 'Users', {
      signInAliases: { username: true, email: true },
      signInCaseSensitive: false,
      // Registration, verification and resets are the API's (and its mails); Cognito sends none.
      selfSignUpEnabled: false,
      autoVerify: { email: false },
      // Not required: X gives no e-mail, and LINE only with a permission it grants. A social player
      // signs in without one and registers an address through the API's mailed link, which the
      // mail features wait for. (Cognito fixes the required attributes when it creates a pool.)
      standardAttributes: { email: { required: false, mutable: true } },
      // Lite (docs/adr/0009-cognito-feature-plan.md): every feature the game uses, at the lowest
      // price per active player; so no password history (Essentials) and no threat protection (Plus).
      featurePlan: cognito.FeaturePlan.LITE,
      // Operators' second factor (docs/adr/0026-operators-second-factor.md): TOTP apps, which Lite
      // offers, chosen per user; the API makes every operator set one up before the console answers.
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false, email: false },
      passwordPolicy: {
        // The API's rule (shared/src/schemas/account.ts), which also refuses common passwords first.
        minLength: passwordMinLength,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: cognito.AccountRecovery.NONE,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    checkLeadingKeys('CustomSignIn', signInFunctions.CustomSignIn.aws);
    const customSignIn = new ApiFunction(this, 'CustomSignIn', {
      handler: 'triggers/custom-auth',
      ...signInFunctions.CustomSignIn,
      environment: { TABLE_NAME: props.table.tableName } satisfies EnvironmentOf<'log' | 'table'>,
      resources: {
        table: props.table,
        uploads: props.uploads,
        userPool: this.userPool,
        mailFrom: config.mailFrom,
      },
      timeout: Duration.seconds(5),
    }).function;
    this.watchedFunctions.push({ name: 'CustomSignIn', function: customSignIn });
    this.userPool.addTrigger(cognito.UserPoolOperation.DEFINE_AUTH_CHALLENGE, customSignIn);
    this.userPool.addTrigger(cognito.UserPoolOperation.CREATE_AUTH_CHALLENGE, customSignIn);
    this.userPool.addTrigger(cognito.UserPoolOperation.VERIFY_AUTH_CHALLENGE_RESPONSE, customSignIn);
    this.domain = this.userPool.addDomain('Domain', {
      cognitoDomain: { domainPrefix: config.domainPrefix },
    });

    const providers = this.identityProviders(config);
    this.client = this.userPool.addClient('Web', {
      // A browser app: no secret; the code grant with PKCE, which Cognito applies to public clients.
      generateSecret: false,
      // Only the API signs in (admin password flow, and the custom sign-in with its grant).
      authFlows: { adminUserPassword: true, custom: true },
      // Social sign-in needs a provider and the site's callbacks: until a deploy has both, the
      // hosted pages are off.
      ...(providers.length > 0 && config.callbackUrls.length > 0
        ? {
            oAuth: {
              flows: { authorizationCodeGrant: true },
              scopes: [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL, cognito.OAuthScope.PROFILE],
              callbackUrls: config.callbackUrls,
              logoutUrls: config.logoutUrls,
            },
          }
        : { disableOAuth: true }),
      // The hosted pages serve the social providers only: a password never signs in there, past
      // the API's rate limits and checks.
      supportedIdentityProviders: [
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
    // `npm run ops -- create-operator <email> --user-pool-id <this>` makes the first operator.
    new CfnOutput(this, 'UserPoolId', {
      value: this.userPool.userPoolId,
      description: 'npm run ops -- create-operator <email> --user-pool-id <UserPoolId>',
    });
    // What each provider's console asks for (docs/deploy.md, "Social sign-in").
    if (config.socialProviders.some((provider) => !isSignedInByApi(provider))) {
      new CfnOutput(this, 'SignInRedirectUri', {
        value: `${this.domain.baseUrl()}/oauth2/idpresponse`,
        description: 'Redirect URI to register at Google and Apple',
      });
    }
    // LINE's and X's sign-ins come back to the site itself (docs/adr/0027-line-and-x-sign-in-by-the-api.md).
    const byApi = config.socialProviders.filter(isSignedInByApi);
    if (byApi.length > 0 && config.siteUrls.length > 0) {
      new CfnOutput(this, 'ApiSignInCallbackUrls', {
        value: config.siteUrls
          .flatMap((site) => byApi.map((provider) => `${site}/login/${provider}/callback`))
          .join(' '),
        description: 'Callback URLs to register at LINE Login (/login/line/) and X (/login/twitter/)',
      });
    }
  }

  /**
   * The federated providers the stage enables (`config.socialProviders`), and only those: a stage
   * without a provider's secret does not list it. Every credential is a reference to the Secrets
   * Manager secret `{socialSecretPrefix}/{google|apple}` (JSON fields below), resolved by
   * CloudFormation at deploy time: nothing secret is in the template.
   */
  private identityProviders(config: InfraConfig): cognito.IUserPoolIdentityProvider[] {
    const secret = (provider: string, field: string) =>
      SecretValue.secretsManager(`${config.socialSecretPrefix}/${provider}`, { jsonField: field });
    const text = (provider: string, field: string) => secret(provider, field).unsafeUnwrap();
    const userPool = this.userPool;
    // What each provider gives that the pool keeps; the pool requires none of them (the API asks a
    // player without an e-mail for one), and infra/lib/attribute-mapping.ts checks that in the suite.

    const create: Record<
      Exclude<SocialProvider, ProviderSignedInByApi>,
      () => cognito.IUserPoolIdentityProvider
    > = {
      google: () =>
        new cognito.UserPoolIdentityProviderGoogle(this, 'Google', {
          userPool,
          clientId: text('google', 'clientId'),
          clientSecretValue: secret('google', 'clientSecret'),
          scopes: ['openid', 'email', 'profile'],
          attributeMapping: {
            email: cognito.ProviderAttribute.GOOGLE_EMAIL,
            fullname: cognito.ProviderAttribute.GOOGLE_NAME,
          },
        }),
      apple: () =>
        new cognito.UserPoolIdentityProviderApple(this, 'Apple', {
          userPool,
          clientId: text('apple', 'servicesId'),
          teamId: text('apple', 'teamId'),
          keyId: text('apple', 'keyId'),
          privateKeyValue: secret('apple', 'privateKey'),
          scopes: ['email', 'name'],
          attributeMapping: { email: cognito.ProviderAttribute.APPLE_EMAIL },
        }),
    };
    // LINE's and X's sign-ins are the API's own, their players users of the pool's own
    // (docs/adr/0027-line-and-x-sign-in-by-the-api.md).
    return config.socialProviders
      .filter((provider) => !isSignedInByApi(provider))
      .map((provider) => create[provider]());
  }
}
