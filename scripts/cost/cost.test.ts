import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { costDocPath, costDocument } from './cost';
import {
  cognitoCost,
  lineReminderBill,
  monthlyBill,
  publishAt,
  publishUnits,
  total,
  usageProfile,
  type BenchFigures,
  type Deployed,
} from './model';
import { stageApp } from '../../infra/test/apps';
import { accessLogLineBytes, benchFigures, costStage, deployedFromTemplates } from './templates';

const deployed: Deployed = {
  apiFunctions: 100,
  apiMemoryMb: 1024,
  jobs: [{ name: 'Job', memoryMb: 1024, runsPerMonth: 1000 }],
  rankingJobMemoryMb: 2048,
  alarmMetrics: 10,
  dashboards: 1,
  wafRules: 4,
  wafLogging: false,
  secrets: 2,
  secretsRead: 3,
  secretReaders: { origin: 100, arrivalReceipt: 4, lineToken: 1, socialSignIn: 1 },
  reminderSenders: 2,
  gate: { authorizers: 2, ttlSeconds: 300, memoryMb: 512 },
  edgeFunctions: { site: 1, api: 1, uploads: 0 },
  loggedDistributions: 2,
  accessLogLineBytes: 100,
  cognitoPlan: 'LITE',
  oidcProviders: 0,
  logRetentionDays: 30,
};
const bench: BenchFigures = {
  coldImportMs: 100,
  edgeHitShare: 0.5,
  shareCardKb: 128,
  publish: [
    { players: 100_000, unitsPerUpdate: 10_000, scopeUnits: 8_000, yearlyUnits: 2_000, recomputeMs: 1_000 },
  ],
};
const line = (players: number, item: string) =>
  monthlyBill(players, deployed, bench).find((l) => l.item.startsWith(item))!;
const p = usageProfile;
const active = 1_000_000 * p.activeShare;
const origin = active * p.cacheableCalls * 0.5 + active * p.otherCalls;

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
      scopeUnits: 80_000,
      yearlyUnits: 20_000,
      recomputeMs: 10_000,
    });
  });

  it('prices the ranking publishes in the job’s layout: a scope and the yearly board an update or deadline, every scope once a tournament is finished', () => {
    const deadlines = p.tournamentsPerMonth * p.roundsPerTournament;
    const units = (p.publishesPerMonth + deadlines) * 100_000 + p.tournamentsPerMonth * (4 * 80_000 + 20_000);
    expect(publishUnits(bench, 1_000_000).units).toBe(units);
    expect(line(1_000_000, 'DynamoDB, ranking').usd).toBeCloseTo((units / 1e6) * 0.715, 6);
    // The measured layout at 1M: far below a rewrite of every started round (the old 8.8M a full publish).
    const measured = publishUnits(benchFigures(), 1_000_000);
    expect(measured.finalUnits).toBeLessThan(1_000_000);
    expect(measured.units).toBeLessThan(50_000_000);
  });

  it('counts the calls that reach the origin and prices the gateway, the table and the mails by hand', () => {
    expect(line(1_000_000, 'API Gateway').usd).toBeCloseTo((origin / 1e6) * 1.29, 6);
    expect(line(1_000_000, 'DynamoDB, API').usd).toBeCloseTo(
      ((origin * p.readUnitsPerCall) / 1e6) * 0.143 + ((active * p.writeUnitsPerPlayer) / 1e6) * 0.715,
      6,
    );
    expect(line(1_000_000, 'SES').usd).toBeCloseTo(((active * p.mailsPerPlayer) / 1000) * 0.1, 6);
  });

  it('prices the gate by its cache misses: once per token per cache period, and once a period for CloudFront’s value', () => {
    const calls = active * (p.signedInMinutes / 5) + (30 * 24 * 3600) / 300;
    const gate = line(1_000_000, 'Lambda, the API gate');
    expect(gate.quantity).toContain(`${Math.round(calls).toLocaleString('en-US')} invocations`);
    const gbSeconds = calls * (p.gateCallMs / 1000 + (p.coldShare * 100) / 1000) * 0.5;
    // The API calls' line has taken Lambda's free tier.
    expect(gate.usd).toBeCloseTo(gbSeconds * 0.0000133334 + (calls / 1e6) * 0.2, 6);
  });

  it('prices CloudFront Functions per viewer request of each behaviour that runs one, and the uploads CDN apart', () => {
    const api = active * (p.cacheableCalls + p.otherCalls);
    const runs = api + active * p.staticRequests;
    expect(line(1_000_000, 'CloudFront Functions').usd).toBeCloseTo(((runs - 2_000_000) / 1e6) * 0.1, 6);
    expect(
      monthlyBill(1_000_000, { ...deployed, edgeFunctions: { site: 0, api: 1, uploads: 0 } }, bench).find(
        (l) => l.item === 'CloudFront Functions',
      )!.usd,
    ).toBeCloseTo(((api - 2_000_000) / 1e6) * 0.1, 6);
    const views = active * p.shareCardsPerPlayer * p.shareCardViews;
    const requests = active * p.uploadImageRequests + views;
    const gb = (active * p.uploadImageRequests * p.uploadImageKb + views * 128) / 1024 / 1024;
    // The site's distribution has taken the free requests and GB.
    expect(line(1_000_000, 'CloudFront, the uploads CDN').usd).toBeCloseTo(
      gb * 0.114 + (requests / 1e4) * 0.012,
      6,
    );
  });

  it('prices the API access logs and the CDN’s standard logs', () => {
    const accessGb = (origin * 100) / 1024 ** 3;
    expect(line(1_000_000, 'CloudWatch Logs, API access logs').usd).toBeCloseTo(
      accessGb * 0.76 + accessGb * 0.033,
      6,
    );
    expect(line(1_000_000, 'S3, CloudFront standard logs').usd).toBeGreaterThan(0);
    expect(
      monthlyBill(1_000_000, { ...deployed, loggedDistributions: 0 }, bench).find((l) =>
        l.item.startsWith('S3, CloudFront'),
      )!.usd,
    ).toBe(0);
    // CLF with sample values: about 130 bytes a line.
    expect(
      accessLogLineBytes(
        '$context.identity.sourceIp $context.identity.caller $context.identity.user [$context.requestTime] "$context.httpMethod $context.resourcePath $context.protocol" $context.status $context.responseLength $context.requestId',
      ),
    ).toBeGreaterThan(100);
  });

  it('prices every secret created or read, and the calls their readers make when they start and every 5 minutes', () => {
    expect(line(1_000_000, 'Secrets Manager, secrets').usd).toBeCloseTo(5 * 0.4, 6);
    const calls = line(1_000_000, 'Secrets Manager, API calls');
    const gate = active * (p.signedInMinutes / 5) + (30 * 24 * 3600) / 300;
    const starts = p.coldShare * (origin + gate);
    const loads = 1 + p.instanceMinutes / 5;
    const expected =
      starts * loads * 3 +
      starts * (4 / 100) * loads * 2 +
      active * p.lineOrXShare * p.signInsPerPlayer * 1 +
      p.tournamentsPerMonth * p.roundsPerTournament * 5 * 2 * 2;
    expect(calls.usd).toBeCloseTo((expected / 1e4) * 0.05, 6);
  });

  it('prices LINE reminders once per deadline to subscribers without a team, on the cheapest plan that sends them', () => {
    const messages = (players: number) =>
      Math.round(
        players *
          p.activeShare *
          p.lineReminderShare *
          p.noTeamShare *
          p.tournamentsPerMonth *
          p.roundsPerTournament,
      );
    expect(lineReminderBill(1_000)).toMatchObject({ messages: messages(1_000), plan: 'ライト', yen: 5_000 });
    const large = lineReminderBill(1_000_000);
    expect(large).toMatchObject({ plan: 'スタンダード', yen: 15_000 + (messages(1_000_000) - 30_000) * 3 });
    expect(large.usd).toBeCloseTo(large.yen / 150, 6);
    expect(lineReminderBill(100, usageProfile)).toMatchObject({ plan: 'コミュニケーション', yen: 0 });
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

  it('gives every line its quantity, unit price and sources; the total is the AWS lines’ sum and keeps LINE out', () => {
    const bill = monthlyBill(1_000_000, deployed, bench);
    for (const l of bill) {
      expect(l.quantity, l.item).toMatch(/\d/);
      expect(l.unitPrice, l.item).toMatch(/\$\d/);
      expect(l.quantityFrom, l.item).not.toBe('');
      expect(l.priceFrom, l.item).toMatch(/pricing/);
    }
    for (const item of [
      'Lambda, the API gate',
      'CloudFront Functions',
      'CloudFront, the uploads CDN',
      'CloudWatch Logs, API access logs',
      'S3, CloudFront standard logs',
      'Secrets Manager, API calls',
    ])
      expect(
        bill.filter((l) => l.item.startsWith(item)),
        item,
      ).toHaveLength(1);
    expect(bill.some((l) => /LINE/.test(l.item))).toBe(false);
    expect(total(bill)).toBeCloseTo(
      bill.reduce((sum, l) => sum + l.usd, 0),
      6,
    );
    expect(total(bill)).toBeGreaterThan(total(monthlyBill(100_000, deployed, bench)));
  });

  it('keeps the free tiers free: a small stage pays the fixed lines', () => {
    expect(line(1_000, 'Lambda (').usd).toBe(0);
    expect(line(1_000, 'Lambda, the API gate').usd).toBe(0);
    expect(line(1_000, 'CloudFront,').usd).toBe(0);
    expect(line(1_000, 'CloudFront Functions').usd).toBe(0);
    // 600 active, inside Lite's free 10,000 (no OIDC provider in the pool).
    expect(line(1_000, 'Cognito').usd).toBe(0);
    expect(line(1_000, 'WAF').usd).toBeGreaterThanOrEqual(9);
  });
});

describe('npm run cost', { timeout: 240_000 }, () => {
  it('reads the synthesized templates and the bench figures, and docs/cost.md is what it writes', async () => {
    const fromTemplates = deployedFromTemplates(stageApp(costStage));
    expect(fromTemplates.apiFunctions).toBeGreaterThan(100);
    expect(fromTemplates.jobs.map((job) => job.runsPerMonth).every((runs) => runs > 0)).toBe(true);
    expect(fromTemplates.cognitoPlan).toBe('LITE');
    // The gate's cache, the edge functions of both behaviours and none on the uploads CDN.
    expect(fromTemplates.gate).toMatchObject({ authorizers: 2, ttlSeconds: 300 });
    expect(fromTemplates.edgeFunctions).toEqual({ site: 1, api: 1, uploads: 0 });
    expect(fromTemplates.loggedDistributions).toBe(2);
    // Created: the origin secret and its replica, the receipt key; read: the four providers' and the
    // LINE token's.
    expect([fromTemplates.secrets, fromTemplates.secretsRead]).toEqual([3, 5]);
    expect(fromTemplates.secretReaders.origin).toBeGreaterThan(100);
    expect(fromTemplates.secretReaders.lineToken).toBe(1);
    // LINE's and X's secrets read by the code exchange alone.
    expect(fromTemplates.secretReaders.socialSignIn).toBe(1);
    // The prod stage with the four providers: Google's and Apple's are social providers, no OIDC one.
    expect(fromTemplates.oidcProviders).toBe(0);
    const document = await costDocument(fromTemplates, benchFigures());
    // The LINE line comes after the AWS total, in the bill's table.
    expect(document).toMatch(
      /\*\*AWS, total a month\*\*.*\|\n\| LINE reminders, billed by LINE \(not in the AWS total\) +\|/,
    );
    expect(readFileSync(costDocPath, 'utf8'), 'docs/cost.md is stale: npm run cost').toBe(document);
  });
});
