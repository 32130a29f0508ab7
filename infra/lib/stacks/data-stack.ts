import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { tableKeys } from '../../../functions/src/db/table-definition';
import type { InfraConfig } from '../config';

/** Stateful: the single table and the uploads bucket. Retained when the stack goes. */
export class DataStack extends Stack {
  readonly table: dynamodb.TableV2;
  readonly uploads: s3.Bucket;
  /** Serves uploaded images; kept beside the bucket so its access policy stays in one stack. */
  readonly uploadsCdn: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: StackProps & { config: InfraConfig }) {
    super(scope, id, props);
    const attribute = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });
    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: attribute(tableKeys.partitionKey),
      sortKey: attribute(tableKeys.sortKey),
      billing: dynamodb.Billing.onDemand(),
      timeToLiveAttribute: tableKeys.timeToLiveAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      removalPolicy: RemovalPolicy.RETAIN,
      globalSecondaryIndexes: tableKeys.indexes.map((index) => ({
        indexName: index.name,
        partitionKey: attribute(index.partitionKey),
        sortKey: attribute(index.sortKey),
      })),
    });

    this.uploads = new s3.Bucket(this, 'Uploads', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
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
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });
    this.uploadsCdn = new cloudfront.Distribution(this, 'UploadsCdn', {
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.uploads),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      },
      // Class 200 includes the edge locations in Japan, where the players are.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_200,
    });
  }
}
