import { describe, expect, it } from 'vitest';
import { routeList } from '../../shared/src/contracts';
import { deadlineCapacity, isTeamSaveRoute, keyDesignCeiling, ON_DEMAND_WARM_DEFAULT } from '../lib/capacity';
import { SAVE_SHARDS } from '../../functions/src/db/keys';
import { stageSettings } from '../lib/config';

const prod = deadlineCapacity(stageSettings['prod']!.deadline);
const dev = deadlineCapacity(stageSettings['dev']!.deadline);

describe('the deadline minute’s capacity, derived from the target', () => {
  it('throttles each route for the round pages, each save route for the saves, and sizes the account for both', () => {
    // 5,000 saves a second and two round pages each, with 20% headroom and two seconds of burst.
    expect(prod.originRequestsPerSecond).toBe(15_000);
    expect(prod.apiGateway).toEqual({
      defaultRoute: { rateLimit: 12_000, burstLimit: 24_000 },
      saveRoute: { rateLimit: 6_000, burstLimit: 12_000 },
      account: { rateLimit: 18_000, burstLimit: 36_000 },
      accountDefault: { rateLimit: 10_000, burstLimit: 5_000 },
    });
    expect(dev.apiGateway.saveRoute).toEqual({ rateLimit: 60, burstLimit: 120 });
  });

  it('needs Lambda concurrency of calls a second times their p99 duration, far above the account’s default 1,000 in prod', () => {
    // Saves 5,000 x 0.2 s, round pages 10,000 x 0.15 s, the gate 5,000 x 0.15 s.
    expect(prod.lambda.concurrentExecutions).toBe(Math.ceil(5_000 * 0.2 + 10_000 * 0.15 + 5_000 * 0.15));
    expect(prod.lambda.concurrentExecutions).toBeGreaterThan(prod.lambda.accountDefault);
    expect(prod.lambda.secondsToScaleSaves).toBe(10);
    expect(dev.lambda.concurrentExecutions).toBeLessThan(dev.lambda.accountDefault);
  });

  it('warms the table for 4 WCU a save and the minute’s other writes and reads, and only past a new table’s defaults', () => {
    // Per save: 4 (transaction) + 1 (receipt) + 6 x 0.25 (guild post) WCU; 7.5 RCU, and 6 per round page.
    expect(prod.dynamodb.writeUnitsPerSecond).toBe(5_000 * 6.5);
    expect(prod.dynamodb.readUnitsPerSecond).toBe(5_000 * 7.5 + 10_000 * 6);
    // Reads need 97,500, above the default table quota of 40,000: warm throughput stops at the quota
    // (AWS refuses more) until the raised quota is configured, and the quota to ask for is the need.
    expect(prod.dynamodb.warmThroughput).toEqual({ readUnitsPerSecond: 40_000, writeUnitsPerSecond: 32_500 });
    expect(prod.dynamodb.quotaToRequest).toBe(97_500);
    const raised = deadlineCapacity({
      ...stageSettings['prod']!.deadline,
      tableQuotaUnitsPerSecond: 100_000,
    });
    expect(raised.dynamodb.warmThroughput).toEqual({
      readUnitsPerSecond: 97_500,
      writeUnitsPerSecond: 32_500,
    });
    expect(dev.dynamodb.writeUnitsPerSecond).toBeLessThan(ON_DEMAND_WARM_DEFAULT.writeUnitsPerSecond);
    expect(dev.dynamodb.warmThroughput).toBeUndefined();
  });

  it('limits one session to a player’s fastest deadline pace, and one address to 1% of the peak but never below ten players', () => {
    expect(prod.waf).toEqual({ windowSeconds: 300, perSessionLimit: 300, perAddressLimit: 45_000 });
    expect(dev.waf.perAddressLimit).toBe(3_000);
    for (const capacity of [prod, dev])
      expect(capacity.waf.perAddressLimit).toBeGreaterThan(capacity.waf.perSessionLimit);
  });

  it('asks SES for a reminder time’s mails within 10 minutes', () => {
    // 21% of 1,000,000 subscribers in 600 s, with 20% headroom.
    expect(prod.ses.mailsPerSecond).toBe(420);
    expect(prod.ses.mailsPerDay).toBe(3_000_000);
  });

  it('throttles the player routes that write a round’s teams, and no other', () => {
    expect(
      routeList()
        .filter(isTeamSaveRoute)
        .map((route) => route.name),
    ).toEqual(['saveTeam', 'savePick', 'deletePick', 'saveAiTeam']);
  });
});

describe('the key design’s ceiling', () => {
  it('is 32,000 saves a second per round with 64 shards', () => {
    expect(SAVE_SHARDS).toBe(64);
    expect(keyDesignCeiling()).toBe(32_000);
  });

  it('holds every stage’s target', () => {
    for (const [stage, settings] of Object.entries(stageSettings))
      expect(settings.deadline.savesPerSecond, stage).toBeLessThanOrEqual(keyDesignCeiling());
  });

  it('would refuse a target above it', () => {
    expect(keyDesignCeiling(4)).toBe(2_000);
    expect(stageSettings['prod']!.deadline.savesPerSecond).toBeGreaterThan(keyDesignCeiling(4));
  });
});
