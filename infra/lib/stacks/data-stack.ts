import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { tableKeys } from '@golf/functions/db/table-definition';
import { RANKING_INPUTS_PREFIX } from '@golf/shared/contracts';
import { storageContentSecurityPolicy } from '@golf/shared/security-headers';
import { deadlineCapacity } from '../capacity';
import type { InfraConfig } from '../config';
import { accessLogsBucket } from '../constructs/access-logs';
import { securityHeadersPolicy } from '../constructs/security-headers';

/**
 * Stateful: the single table, the uploads bucket and the mail identity. Retained when the stack
 * goes, and protected from deletion.
 */
export class DataStack extends Stack {
  readonly table: dynamodb.TableV2;
  readonly accessLogs: s3.Bucket;
  /** The SES configuration set every mail is sent with: bounces and complaints are suppressed. */
  readonly mailConfigurationSet: ses.ConfigurationSet;
  readonly mailIdentity: ses.IEmailIdentity;
  /** Bounce and complaint events of the mail, for whoever watches the sender's reputation. */
  readonly mailEvents: sns.Topic;
  readonly uploads: s3.Bucket;
  /** Serves uploaded images; kept beside the bucket so its access policy stays in one stack. */
  readonly uploadsCdn: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: StackProps & { config: InfraConfig }) {
    super(scope, id, props);
    const attribute = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });
    // Ready at once for the deadline minute's reads and writes (pre-warmed: warm throughput is only
    // ever raised, once, and billed once), where they pass what a new on-demand table serves.
    const { warmThroughput } = deadlineCapacity(props.config.settings.deadline).dynamodb;
    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: attribute(tableKeys.partitionKey),
      sortKey: attribute(tableKeys.sortKey),
      billing: dynamodb.Billing.onDemand(),
      ...(warmThroughput ? { warmThroughput } : {}),
      timeToLiveAttribute: tableKeys.timeToLiveAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      globalSecondaryIndexes: tableKeys.indexes.map((index) => ({
        indexName: index.name,
        partitionKey: attribute(index.partitionKey),
        sortKey: attribute(index.sortKey),
      })),
    });

    // Server access logs of the uploads bucket and the standard logs of its CDN.
    this.accessLogs = accessLogsBucket(this);
    this.uploads = new s3.Bucket(this, 'Uploads', {
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'uploads-bucket/',
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // A replaced or deleted picture can be brought back for a month.
      versioned: true,
      removalPolicy: RemovalPolicy.RETAIN,
      // The browser posts straight to the bucket with a presigned POST from the site.
      // (none until a deploy knows the site's address)
      ...(props.config.siteUrls.length > 0
        ? {
            cors: [
              {
                allowedMethods: [s3.HttpMethods.POST, s3.HttpMethods.GET],
                allowedOrigins: props.config.siteUrls,
                allowedHeaders: ['*'],
                maxAge: 3000,
              },
            ],
          }
        : {}),
      lifecycleRules: [
        {
          abortIncompleteMultipartUploadAfter: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(30),
          expiredObjectDeleteMarker: true,
        },
        {
          // Share cards are drawn again on request from the ranking snapshots; old ones only cost storage.
          id: 'ShareCards',
          prefix: 'uploads/share/',
          expiration: Duration.days(90),
        },
        {
          // The ranking job's frozen teams: rebuilt from the table when missing, read for a season.
          id: 'RankingInputs',
          prefix: RANKING_INPUTS_PREFIX,
          expiration: Duration.days(400),
          noncurrentVersionExpiration: Duration.days(1),
        },
      ],
    });
    // The CDN may read every object but the ranking job's inputs (a Deny outweighs its Allow).
    this.uploads.addToResourcePolicy(
      new iam.PolicyStatement({
        effect: iam.Effect.DENY,
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.uploads.arnForObjects(`${RANKING_INPUTS_PREFIX}*`)],
      }),
    );
    this.uploadsCdn = new cloudfront.Distribution(this, 'UploadsCdn', {
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.uploads),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        // Uploaded images and share pages: nosniff, and a CSP under which nothing runs.
        responseHeadersPolicy: securityHeadersPolicy(
          this,
          'UploadsHeaders',
          { images: [], uploads: [], signIn: [] },
          storageContentSecurityPolicy,
        ),
      },
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: this.accessLogs,
      logFilePrefix: 'uploads-cdn/',
      // Class 200 includes the edge locations in Japan, where the players are.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_200,
    });

    // Mail: the sender's domain signs with Easy DKIM; the configuration set keeps SES from mailing
    // an address again once it bounced or complained, and publishes those events.
    const mailDomain = props.config.mailFrom.split('@')[1]!;
    this.mailConfigurationSet = new ses.ConfigurationSet(this, 'Mail', {
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      reputationMetrics: true,
      sendingEnabled: true,
      tlsPolicy: ses.ConfigurationSetTlsPolicy.REQUIRE,
    });
    this.mailEvents = new sns.Topic(this, 'MailEvents', {
      displayName: 'Golf mail bounces and complaints',
      enforceSSL: true,
    });
    this.mailConfigurationSet.addEventDestination('BouncesAndComplaints', {
      destination: ses.EventDestination.snsTopic(this.mailEvents),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });
    // SES keeps one identity per domain and account: of two stages mailing from one domain, one
    // creates it (`mailIdentity: create`) and the other sends from it (`reuse`), naming its own
    // configuration set on every mail.
    if (props.config.mailIdentity === 'reuse') {
      this.mailIdentity = ses.EmailIdentity.fromEmailIdentityName(this, 'MailIdentity', mailDomain);
    } else {
      const identity = new ses.EmailIdentity(this, 'MailIdentity', {
        identity: ses.Identity.domain(mailDomain),
        configurationSet: this.mailConfigurationSet,
        dkimSigning: true,
      });
      this.mailIdentity = identity;
      // The three CNAME records that verify the domain (docs/deploy.md, "SES production access").
      const records = [
        [identity.dkimDnsTokenName1, identity.dkimDnsTokenValue1],
        [identity.dkimDnsTokenName2, identity.dkimDnsTokenValue2],
        [identity.dkimDnsTokenName3, identity.dkimDnsTokenValue3],
      ];
      records.forEach(([name, value], index) => {
        new CfnOutput(this, `MailDkimRecord${index + 1}`, {
          value: `${name} CNAME ${value}`,
          description: `DNS record ${index + 1} of 3 that verifies ${mailDomain} for SES`,
        });
      });
    }
  }
}
