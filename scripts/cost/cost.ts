import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from '../../infra/lib/paths';
import {
  monthlyBill,
  prices,
  pricesReadOn,
  total,
  usageProfile,
  type BenchFigures,
  type Deployed,
} from './model';
import { benchFigures, deployedFromTemplates } from './templates';
import { ON_DEMAND_WARM_DEFAULT } from '../../infra/lib/capacity';
import { isEntryPoint } from '../entry-point';
import { formatted } from '../format';

const playerCounts = [10_000, 100_000, 1_000_000] as const;
export const costDocPath = join(repositoryRoot, 'docs/cost.md');

const usd = (n: number) => `$${n < 10 ? n.toFixed(2) : Math.round(n).toLocaleString('en-US')}`;

/**
 * The table's warm throughput: set by the data stack from the deadline target (infra/lib/capacity.ts)
 * and billed once, for the units it adds to what a new on-demand table serves, never monthly.
 */
function warmThroughputSection(deployed: Deployed): string {
  const warm = deployed.warmThroughput;
  if (!warm) return 'The templates set none: the deadline target fits what a new on-demand table serves.';
  const { readUnitsPerSecond: read, writeUnitsPerSecond: write } = ON_DEMAND_WARM_DEFAULT;
  const units = (n: number) => n.toLocaleString('en-US');
  return `The table is pre-warmed to ${units(warm.readUnitsPerSecond)} read and ${units(warm.writeUnitsPerSecond)} write units a
second (\`deadline\` in infra/lib/config.ts, derived in infra/lib/capacity.ts; reads stop at the table
quota the stage is configured with until AWS has raised it), from a new on-demand table's ${units(read)} and ${units(write)}: ${units(warm.readUnitsPerSecond - read)} read and ${units(warm.writeUnitsPerSecond - write)} write units added.
AWS bills the units a pre-warm adds once, at the warm throughput price of its DynamoDB pricing page,
not in the monthly bill above, and warm throughput is never lowered, so a later deploy at the same
target costs nothing more. That price was not read for this file: multiply the units added by the
page's figure for ap-northeast-1 before budgeting (docs/operations.md, "Before a tournament day").`;
}

/** docs/cost.md: the inputs, then the bill at each size, line by line (formatted as the repository's Markdown). */
export async function costDocument(deployed: Deployed, bench: BenchFigures): Promise<string> {
  const bills = playerCounts.map((players) => monthlyBill(players, deployed, bench));
  const head = `| item | ${playerCounts.map((p) => `${p.toLocaleString('en-US')} players`).join(' | ')} |`;
  const rule = `| --- | ${playerCounts.map(() => '---:').join(' | ')} |`;
  const rows = bills[0]!.map(
    (line, index) => `| ${line.item} | ${bills.map((bill) => usd(bill[index]!.usd)).join(' | ')} |`,
  );
  const totals = `| **total a month** | ${bills.map((bill) => `**${usd(total(bill))}**`).join(' | ')} |`;
  const quantities = bills[2]!.map((line) => `| ${line.item} | ${line.quantity} |`);
  const profile = Object.entries(usageProfile).map(([key, value]) => `| \`${key}\` | ${value} |`);
  const priceRows = Object.entries(prices).map(
    ([key, value]) =>
      `| \`${key}\` | ${Array.isArray(value) ? JSON.stringify(value).replace(/"/g, '') : value} |`,
  );
  const markdown = `# Monthly AWS cost

Written by \`npm run cost\` (scripts/cost/): it synthesizes the prod stage in-process, reads what the
templates deploy, takes the benchmark figures from \`bench/results/\` (docs/performance.md) and the
usage profile below, and prices each line. Change a price, the profile or the app, and run it again;
a unit test fails while this file is stale.

## The bill

${head}
${rule}
${rows.join('\n')}
${totals}

Quantities at 1,000,000 registered players:

| item | quantity |
| --- | --- |
${quantities.join('\n')}

Cognito is the largest line at every size past the free tier; the plan is chosen in
docs/adr/0009-cognito-feature-plan.md. ${
    deployed.oidcProviders > 0
      ? `The players who sign in through LINE or X are priced as OIDC federation ($${prices.cognitoOidcPerMau} each), the others at the plan's rate.`
      : `The players who sign in with LINE or X are users of the pool's own, at the plan's rate like the others: the API runs their sign-in (docs/adr/0023-line-and-x-sign-in-by-the-api.md), and the pool federates no OIDC provider, whose players Cognito would price at $${prices.cognitoOidcPerMau} each.`
  }

## What the templates deploy (prod)

| figure | value |
| --- | --- |
| API functions | ${deployed.apiFunctions}, most at ${deployed.apiMemoryMb} MB |
| scheduled jobs | ${deployed.jobs.map((job) => `${job.name} ${job.memoryMb} MB x ${job.runsPerMonth.toLocaleString('en-US')} runs`).join(', ')} |
| alarms, dashboards | ${deployed.alarms}, ${deployed.dashboards} |
| WAF rules | ${deployed.wafRules} |
| secrets (replicas counted) | ${deployed.secrets} |
| Cognito plan | ${deployed.cognitoPlan} |
| the pool's OIDC providers | ${deployed.oidcProviders} |
| log retention | ${deployed.logRetentionDays} days |

## Warm throughput for the deadline minute (prod)

${warmThroughputSection(deployed)}

## Benchmark figures

| figure | value | from |
| --- | --- | --- |
| cold import of a bundle (median) | ${bench.coldImportMs.toFixed(1)} ms | bench/results/bundles.json |
| ranking calls answered by the edge | ${(bench.edgeHitShare * 100).toFixed(0)}% | bench/results/load.json |
${bench.publish.map((p) => `| publish at ${p.players.toLocaleString('en-US')} players | ${p.unitsPerUpdate.toLocaleString('en-US')} units an update, ${p.unitsFull.toLocaleString('en-US')} a full publish, ${(p.recomputeMs / 1000).toFixed(1)} s | bench/results/ranking-publish.json |`).join('\n')}

Sizes between the measured ones scale in proportion from the nearest.

## Usage profile (one registered player, one month of the season)

| figure | value |
| --- | --- |
${profile.join('\n')}

## Prices

ap-northeast-1 list prices in USD as read on AWS's pricing pages on ${pricesReadOn}, free tiers
that never expire included (Lambda, CloudFront, Cognito, X-Ray). Check them before budgeting.

| price | value |
| --- | --- |
${priceRows.join('\n')}
`;
  return formatted(costDocPath, markdown);
}

if (isEntryPoint(import.meta.url)) {
  const deployed = deployedFromTemplates();
  const bench = benchFigures();
  for (const players of playerCounts) {
    const bill = monthlyBill(players, deployed, bench);
    console.log(`\n${players.toLocaleString('en-US')} registered players`);
    console.table(bill.map((line) => ({ item: line.item, quantity: line.quantity, usd: usd(line.usd) })));
    console.log(`total a month: ${usd(total(bill))}`);
  }
  const document = await costDocument(deployed, bench);
  if (process.argv.includes('--check')) {
    if (readFileSync(costDocPath, 'utf8') !== document) {
      console.error('docs/cost.md is stale: npm run cost');
      process.exit(1);
    }
  } else {
    writeFileSync(costDocPath, document);
    console.log('\nwrote docs/cost.md');
  }
}
