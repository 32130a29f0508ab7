import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

/** A private bucket for S3 server access logs and CloudFront standard logs, kept 90 days. */
export function accessLogsBucket(scope: Construct): s3.Bucket {
  return new s3.Bucket(scope, 'AccessLogs', {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    encryption: s3.BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    // CloudFront's standard logs are written with an ACL.
    objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
    lifecycleRules: [{ expiration: Duration.days(90) }],
    removalPolicy: RemovalPolicy.RETAIN,
  });
}
