import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { routeList } from '../../shared/src/contracts';
import { deadlineCapacity, isTeamSaveRoute } from '../lib/capacity';
import { isSharedCacheRoute } from '../lib/cloudfront-functions';
import { stageSettings } from '../lib/config';
import { deployedRoutes } from '../lib/stacks/api-stack';
import { edgeCachedReadPatterns, rateRules, sessionHeader } from '../lib/stacks/edge-stack';
import { prodStage, stageApp, testStage } from './apps';

interface RateRule {
  Name: string;
  Statement: { RateBasedStatement: Record<string, unknown> & { ScopeDownStatement: unknown } };
}

// The test stage is a stage of no name of its own: it gets dev's settings.
const stages = [
  { name: 'prod', parts: stageApp(prodStage), settings: stageSettings['prod']! },
  { name: 'dev', parts: stageApp(testStage), settings: stageSettings['dev']! },
];

describe.each(stages)('the $name stage admits its deadline-minute target', ({ parts, settings }) => {
  const capacity = deadlineCapacity(settings.deadline);
  const { api, data, edge } = parts;

  it('is built from that stage’s target', () => {
    expect(parts.config.settings).toBe(settings);
  });

  it('throttles each route as derived, and each team-save route with the save throttle of its own', () => {
    const saveRoutes = deployedRoutes().filter(isTeamSaveRoute);
    expect(saveRoutes.length).toBeGreaterThan(0);
    const { defaultRoute, saveRoute } = capacity.apiGateway;
    Template.fromStack(api).hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: Match.objectLike({
        ThrottlingRateLimit: defaultRoute.rateLimit,
        ThrottlingBurstLimit: defaultRoute.burstLimit,
      }),
      RouteSettings: Object.fromEntries(
        saveRoutes.map((route) => [
          `${route.method} ${route.path}`,
          { ThrottlingRateLimit: saveRoute.rateLimit, ThrottlingBurstLimit: saveRoute.burstLimit },
        ]),
      ),
    });
  });

  it('creates the stage after the save routes its settings name', () => {
    const [stage] = Object.values(Template.fromStack(api).findResources('AWS::ApiGatewayV2::Stage'));
    const gameRoutes = api.getLogicalId(api.routeStacks.game!.nestedStackResource!);
    expect(stage!['DependsOn']).toContain(gameRoutes);
  });

  it('limits one session (address and token) and one address, as derived, counting only the API calls the edge does not keep', () => {
    const [acl] = Object.values(Template.fromStack(edge).findResources('AWS::WAFv2::WebACL'));
    const rules = (acl!['Properties'] as { Rules: RateRule[] }).Rules;
    expect(rules.slice(0, rateRules.length).map((rule) => rule.Name)).toEqual([...rateRules]);
    const [session, address] = rules.map((rule) => rule.Statement.RateBasedStatement);
    expect(session).toMatchObject({
      Limit: capacity.waf.perSessionLimit,
      EvaluationWindowSec: capacity.waf.windowSeconds,
      AggregateKeyType: 'CUSTOM_KEYS',
      CustomKeys: [
        { IP: {} },
        { Header: { Name: sessionHeader, TextTransformations: [{ Priority: 0, Type: 'NONE' }] } },
      ],
    });
    expect(address).toMatchObject({
      Limit: capacity.waf.perAddressLimit,
      EvaluationWindowSec: capacity.waf.windowSeconds,
      AggregateKeyType: 'IP',
    });
    const scope = JSON.stringify(session!.ScopeDownStatement);
    expect(scope).toContain('"SearchString":"/api/"');
    expect(scope).toContain('"NotStatement"');
    expect(scope).toContain('RegexPatternSetReferenceStatement');
    expect(JSON.stringify(address!.ScopeDownStatement)).toBe(scope);
    Template.fromStack(edge).hasResourceProperties('AWS::WAFv2::RegexPatternSet', {
      Scope: 'CLOUDFRONT',
      RegularExpressionList: edgeCachedReadPatterns(deployedRoutes()),
    });
  });

  it('warms the table to the derived units where they pass a new table’s, and leaves it alone otherwise', () => {
    const [table] = Object.values(Template.fromStack(data).findResources('AWS::DynamoDB::GlobalTable'));
    const { warmThroughput } = capacity.dynamodb;
    expect((table!['Properties'] as Record<string, unknown>)['WarmThroughput']).toEqual(
      warmThroughput && {
        ReadUnitsPerSecond: warmThroughput.readUnitsPerSecond,
        WriteUnitsPerSecond: warmThroughput.writeUnitsPerSecond,
      },
    );
  });
});

describe('the rate rules’ paths of the reads the edge keeps', () => {
  const patterns = edgeCachedReadPatterns(deployedRoutes()).map((source) => new RegExp(source));
  const kept = (path: string) => patterns.some((pattern) => pattern.test(path));
  const example = (path: string) => path.replace(/\{[^}]+\}/g, '7');
  const gets = routeList().filter((route) => route.method === 'GET');

  it('match every public read the edge keeps, with or without a trailing slash', () => {
    for (const route of gets.filter(isSharedCacheRoute)) {
      expect(kept(example(route.path)), route.name).toBe(true);
      expect(kept(`${example(route.path)}/`), route.name).toBe(true);
    }
  });

  it('match no other read, so signed-in reads are counted', () => {
    for (const route of gets.filter((route) => !isSharedCacheRoute(route)))
      expect(kept(example(route.path)), route.name).toBe(false);
    expect(kept('/api/golf/round/7/field/extra')).toBe(false);
  });

  it('fit AWS WAF’s pattern sets: at most 10 expressions of at most 200 characters, no groups', () => {
    const sources = edgeCachedReadPatterns(deployedRoutes());
    expect(sources.length).toBeLessThanOrEqual(10);
    for (const source of sources) {
      expect(source.length).toBeLessThanOrEqual(200);
      expect(source).not.toContain('(');
    }
  });
});
