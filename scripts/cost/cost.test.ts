import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { costDocPath, costDocument } from './cost';
import {
  cognitoCost,
  monthlyBill,
  publishAt,
  total,
  usageProfile,
  type BenchFigures,
  type Deployed,
} from './model';
import { stageApp } from '../../infra/test/apps';
import { benchFigures, costStage, deployedFromTemplates } from './templates';

const deployed: Deployed = {
  apiFunctions: 100,
  apiMemoryMb: 1024,
  jobs: [{ name: 'Job', memoryMb: 1024, runsPerMonth: 1000 }],
  rankingJobMemoryMb: 2048,
  alarms: 10,
  dashboards: 1,
  wafRules: 4,
  secrets: 2,
  cognitoPlan: 'LITE',
  oidcProviders: 0,
  logRetentionDays: 30,
};
const bench: BenchFigures = {
  coldImportMs: 100,
  edgeHitShare: 0.5,
  publish: [{ players: 100_000, unitsPerUpdate: 10_000, unitsFull: 100_000, recomputeMs: 1_000 }],
};
const line = (players: number, item: string) =>
  monthlyBill(players, deployed, bench).find((l) => l.item.startsWith(item))!;

describe('the bill’s arithmetic', () => {
  it('prices Cognito by plan: Lite in bands, Essentials past 10,000, OIDC players apart', () => {
    expect(cognitoCost('LITE', 10_000, 0)).toBe(0);
    // 90,000 at $0.0055, then 100,000 at $0.0046.
    expect(cognitoCost('LITE', 200_000, 0)).toBeCloseTo(90_000 * 0.0055 + 100_000 * 0.0046, 6);
    expect(cognitoCost('ESSENTIALS', 110_000, 0)).toBeCloseTo(100_000 * 0.015, 6);
    // 1,050 OIDC players: 1,000 priced; the other 9,000 inside Lite's free 10,000.
    expect(cognitoCost('LITE', 10_050, 1_050)).toBeCloseTo(1_000 * 0.015, 6);
    expect(cognitoCost('PLUS', 1_000, 500)).toBeCloseTo(20, 6);
  });

  it('scales a publish in proportion from the nearest measured size', () => {
    expect(publishAt(bench, 1_000_000)).toEqual({
      unitsPerUpdate: 100_000,
      unitsFull: 1_000_000,
      recomputeMs: 10_000,
    });
  });

  it('counts the calls that reach the origin and prices the gateway, the table and the mails by hand', () => {
    const active = 1_000_000 * usageProfile.activeShare;
    const origin = active * usageProfile.cacheableCalls * 0.5 + active * usageProfile.otherCalls;
    expect(line(1_000_000, 'API Gateway').usd).toBeCloseTo((origin / 1e6) * 1.29, 6);
    expect(line(1_000_000, 'DynamoDB, API').usd).toBeCloseTo(
      ((origin * usageProfile.readUnitsPerCall) / 1e6) * 0.143 +
        ((active * usageProfile.writeUnitsPerPlayer) / 1e6) * 0.715,
      6,
    );
    const publishUnits =
      usageProfile.publishesPerMonth * 100_000 + usageProfile.fullPublishesPerMonth * 1_000_000;
    expect(line(1_000_000, 'DynamoDB, ranking').usd).toBeCloseTo((publishUnits / 1e6) * 0.715, 6);
    expect(line(1_000_000, 'SES').usd).toBeCloseTo(((active * usageProfile.mailsPerPlayer) / 1000) * 0.1, 6);
    expect(line(1_000_000, 'Secrets').usd).toBeCloseTo(0.8, 6);
  });

  it('prices LINE and X players at the plan’s rate with no OIDC provider in the pool, as OIDC federation with one', () => {
    const cognito = (oidcProviders: number) =>
      monthlyBill(1_000_000, { ...deployed, oidcProviders }, bench).find((l) =>
        l.item.startsWith('Cognito'),
      )!;
    // 600,000 active: 90,000 at $0.0055 past the free 10,000, the rest at $0.0046.
    expect(cognito(0).usd).toBeCloseTo(90_000 * 0.0055 + 500_000 * 0.0046, 6);
    expect(cognito(0).quantity).toBe("600,000 MAU, 150,000 of them LINE or X players (the pool's own users)");
    // Federated: the 150,000 LINE and X players at OIDC's $0.015 past its 50 free, the others on Lite.
    expect(cognito(2).usd).toBeCloseTo(149_950 * 0.015 + 90_000 * 0.0055 + 350_000 * 0.0046, 6);
  });

  it('keeps the free tiers free: a small stage pays the fixed lines, the total is the lines’ sum', () => {
    expect(line(1_000, 'Lambda').usd).toBe(0);
    expect(line(1_000, 'CloudFront').usd).toBe(0);
    // 600 active, inside Lite's free 10,000.
    expect(line(1_000, 'Cognito').usd).toBe(0);
    expect(line(1_000, 'WAF').usd).toBeGreaterThanOrEqual(9);
    const bill = monthlyBill(1_000_000, deployed, bench);
    expect(total(bill)).toBeCloseTo(
      bill.reduce((sum, l) => sum + l.usd, 0),
      6,
    );
    expect(total(monthlyBill(1_000_000, deployed, bench))).toBeGreaterThan(
      total(monthlyBill(100_000, deployed, bench)),
    );
  });
});

describe('npm run cost', { timeout: 240_000 }, () => {
  it('reads the synthesized templates and the bench figures, and docs/cost.md is what it writes', async () => {
    const fromTemplates = deployedFromTemplates(stageApp(costStage).app);
    expect(fromTemplates.apiFunctions).toBeGreaterThan(100);
    expect(fromTemplates.jobs.map((job) => job.runsPerMonth).every((runs) => runs > 0)).toBe(true);
    expect(fromTemplates.cognitoPlan).toBe('LITE');
    // The prod stage with the four providers: Google's and Apple's are social providers, no OIDC one.
    expect(fromTemplates.oidcProviders).toBe(0);
    const document = await costDocument(fromTemplates, benchFigures());
    expect(readFileSync(costDocPath, 'utf8'), 'docs/cost.md is stale: npm run cost').toBe(document);
  });
});
