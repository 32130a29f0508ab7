import { Stack, type StackProps } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import type { RouteDefinition } from '@golf/shared/contracts';
import { deadlineCapacity } from '../capacity';
import { isSharedCacheRoute } from '../cloudfront-functions';
import type { InfraConfig } from '../config';

export interface EdgeStackProps extends StackProps {
  config: InfraConfig;
  /** The origin secret's name, which the API functions read (replicated to their region). */
  originSecretName: string;
  /** The routes the API serves: the rate rules leave out the reads the edge keeps. */
  routes: readonly RouteDefinition[];
}

/** The rate rules, in order: one player's session, then one address (many phones behind a carrier's NAT). */
export const rateRules = ['RatePerSession', 'RatePerAddress'] as const;

/** The header the SPA sends on every signed-in call: with the address, a session's rate key. */
export const sessionHeader = 'authorization';

/** AWS WAF's longest regular expression in a pattern set. */
const wafRegexMaxLength = 200;

/**
 * Regular expressions of the paths of the reads the edge keeps (shared/src/edge-cache.ts), as few as
 * fit AWS WAF's 200 characters each: a path parameter is one segment, and the viewer function drops
 * trailing slashes, so they match here too. Alternatives at the top level, without groups, which
 * AWS WAF's regular expressions do not capture.
 */
export function edgeCachedReadPatterns(routes: readonly RouteDefinition[]): string[] {
  const alternatives = routes.filter(isSharedCacheRoute).map(
    (route) =>
      `^${route.path
        .split('/')
        .map((part) => (/^\{.+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/')}/*$`,
  );
  const patterns: string[] = [];
  for (const alternative of alternatives) {
    const last = patterns.length - 1;
    if (last >= 0 && patterns[last]!.length + 1 + alternative.length <= wafRegexMaxLength)
      patterns[last] = `${patterns[last]}|${alternative}`;
    else patterns.push(alternative);
  }
  return patterns;
}

/** AWS's managed rule groups the distribution runs, in order, after the rate rules. */
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
    const { waf } = deadlineCapacity(config.settings.deadline);
    const cachedReads = new wafv2.CfnRegexPatternSet(this, 'EdgeCachedReads', {
      scope: 'CLOUDFRONT',
      description: 'Paths of the public API reads CloudFront keeps: the rate rules do not count them',
      regularExpressionList: edgeCachedReadPatterns(props.routes),
    });
    const asSent = [{ priority: 0, type: 'NONE' }];
    const isMethod = (method: string) => ({
      byteMatchStatement: {
        fieldToMatch: { method: {} },
        positionalConstraint: 'EXACTLY',
        searchString: method,
        textTransformations: asSent,
      },
    });
    // What the rate rules count: API calls, except the reads the edge answers from its cache (those,
    // the static files and the site's pages cost the origin nothing).
    const apiCallsReachingOrigin = {
      andStatement: {
        statements: [
          {
            byteMatchStatement: {
              fieldToMatch: { uriPath: {} },
              positionalConstraint: 'STARTS_WITH',
              searchString: '/api/',
              textTransformations: asSent,
            },
          },
          {
            notStatement: {
              statement: {
                andStatement: {
                  statements: [
                    { orStatement: { statements: [isMethod('GET'), isMethod('HEAD')] } },
                    {
                      regexPatternSetReferenceStatement: {
                        arn: cachedReads.attrArn,
                        fieldToMatch: { uriPath: {} },
                        textTransformations: asSent,
                      },
                    },
                  ],
                },
              },
            },
          },
        ],
      },
    };
    const rateRule = (
      name: (typeof rateRules)[number],
      limit: number,
      key: Pick<wafv2.CfnWebACL.RateBasedStatementProperty, 'aggregateKeyType' | 'customKeys'>,
    ) => ({
      name,
      priority: rateRules.indexOf(name),
      statement: {
        rateBasedStatement: {
          limit,
          evaluationWindowSec: waf.windowSeconds,
          scopeDownStatement: apiCallsReachingOrigin,
          ...key,
        },
      },
      action: { block: {} },
      visibilityConfig: visibility(name.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()),
    });
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`golf-${config.stage}-web`),
      rules: [
        // One player: the address and the session's token together, so players sharing an address
        // each have their own count. A call without the header (signing in, signing up) is not
        // counted here, only by the address's ceiling below.
        rateRule('RatePerSession', waf.perSessionLimit, {
          aggregateKeyType: 'CUSTOM_KEYS',
          customKeys: [{ ip: {} }, { header: { name: sessionHeader, textTransformations: asSent } }],
        }),
        // One address: a ceiling loose enough for the players behind one carrier NAT address.
        rateRule('RatePerAddress', waf.perAddressLimit, { aggregateKeyType: 'IP' }),
        ...managedRuleGroups.map((name, index) => ({
          name,
          priority: rateRules.length + index,
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
