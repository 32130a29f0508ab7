import { Stack, type StackProps } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import type { InfraConfig } from '../config';

export interface EdgeStackProps extends StackProps {
  config: InfraConfig;
  /** The origin secret's name, which the API functions read (replicated to their region). */
  originSecretName: string;
}

/** AWS's managed rule groups the distribution runs, in order, after the per-address rate rule. */
export const managedRuleGroups = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesCommonRuleSet',
  'AWSManagedRulesKnownBadInputsRuleSet',
] as const;

/**
 * What CloudFront needs from us-east-1: the web ACL (AWS WAF for CloudFront lives only there) and
 * the secret CloudFront sends to the API origin, replicated to the API's region so the functions
 * read it next to them.
 */
export class EdgeStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;
  readonly originSecret: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.originSecret = new secretsmanager.Secret(this, 'OriginVerify', {
      secretName: props.originSecretName,
      description:
        'Sent by CloudFront to the API origin (x-origin-verify); the API answers only requests with it',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      replicaRegions: config.region === this.region ? [] : [{ region: config.region }],
    });

    const visibility = (metricName: string) => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`golf-${config.stage}-web`),
      rules: [
        {
          name: 'RatePerAddress',
          priority: 0,
          statement: {
            rateBasedStatement: {
              limit: config.settings.wafRequestsPerFiveMinutes,
              aggregateKeyType: 'IP',
              evaluationWindowSec: 300,
            },
          },
          action: { block: {} },
          visibilityConfig: visibility('rate-per-address'),
        },
        ...managedRuleGroups.map((name, index) => ({
          name,
          priority: index + 1,
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name,
              // Profile pictures and guild images are posted to the API as multipart bodies of up
              // to 5 MB; the common rules' 8 KB body limit only counts, the handler checks the size.
              ...(name === 'AWSManagedRulesCommonRuleSet'
                ? { ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }] }
                : {}),
            },
          },
          overrideAction: { none: {} },
          visibilityConfig: visibility(name),
        })),
      ],
    });
  }
}
