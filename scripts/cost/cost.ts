import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from '../../infra/lib/paths';
import {
  lineReminderBill,
  linePlans,
  linePlansReadOn,
  monthlyBill,
  priceSources,
  prices,
  publishAt,
  publishUnits,
  total,
  usageProfile,
  yenPerUsd,
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

const yen = (n: number) => `¥${Math.round(n).toLocaleString('en-US')}`;
const count = (n: number) => n.toLocaleString('en-US');

/** The LINE reminders' section: the plans read, the policy, the month at each size. */
function lineSection(): string {
  const rows = linePlans.map(
    (plan) =>
      `| ${plan.name} | ${yen(plan.yenPerMonth)} | ${count(plan.freeMessages)} | ${plan.yenPerExtra === null ? 'none: no more messages that month' : `up to ${yen(plan.yenPerExtra)} each (priced at ${yen(plan.yenPerExtra)})`} |`,
  );
  const months = playerCounts.map((players) => {
    const bill = lineReminderBill(players);
    const before = lineReminderBill(players, usageProfile, 2);
    return `| ${count(players)} | ${count(bill.messages)} | ${bill.plan} | ${yen(bill.yen)} (${usd(bill.usd)}) | ${count(before.messages)}, ${yen(before.yen)} |`;
  });
  return `LINE reminders are billed by LINE, not AWS, so the bill shows them beside the AWS total. A
Messaging API message counts against the LINE Official Account's plan (LINE Developers, "Messaging
API pricing"). The plans in Japan, in yen a month before tax, as read on ${linePlansReadOn} from what
LINE Developers' pricing page links to, LINEヤフー for Business's "LINE公式アカウント 料金プラン"
(https://www.lycbiz.com/jp/service/line-official-account/plan/), quoted alike by several Japanese
pages (the page itself was not read for this file):

| plan | a month | free messages | more messages |
| --- | ---: | ---: | --- |
${rows.join('\n')}

The Standard plan's extra messages cost "up to ¥3 each, less with volume"; the volume bands past
100,000 messages could not be confirmed, so each extra message is priced at ¥3, an upper bound:
check the page before budgeting. Dollars at ¥${yenPerUsd} to the dollar (an assumption).

Who gets a LINE reminder (docs/adr/0025-line-reminders-once-per-deadline.md, \`lineReminderDue\`):
a player who turned LINE on (\`lineReminderShare\` of the active players) and has no team for the
round at the latest time chosen (\`noTeamShare\` of them), once per deadline
(\`tournamentsPerMonth\` x \`roundsPerTournament\`). Before that policy, such a player got one at
each time chosen (24 and 2 hours by default) and a player with a withdrawn pick got them too: at
least twice the messages, the last column.

| players | messages a month | plan | a month | before the policy |
| ---: | ---: | --- | ---: | --- |
${months.join('\n')}`;
}

/** docs/cost.md: the inputs, then the bill at each size, line by line (formatted as the repository's Markdown). */
export async function costDocument(deployed: Deployed, bench: BenchFigures): Promise<string> {
  const bills = playerCounts.map((players) => monthlyBill(players, deployed, bench));
  const lines = playerCounts.map((players) => lineReminderBill(players));
  const head = `| item | ${playerCounts.map((p) => `${p.toLocaleString('en-US')} players`).join(' | ')} |`;
  const rule = `| --- | ${playerCounts.map(() => '---:').join(' | ')} |`;
  const rows = bills[0]!.map(
    (line, index) => `| ${line.item} | ${bills.map((bill) => usd(bill[index]!.usd)).join(' | ')} |`,
  );
  const totals = `| **AWS, total a month** | ${bills.map((bill) => `**${usd(total(bill))}**`).join(' | ')} |`;
  const line = `| LINE reminders, billed by LINE (not in the AWS total) | ${lines.map((l) => `${usd(l.usd)} (${yen(l.yen)})`).join(' | ')} |`;
  const details = bills[2]!.map(
    (l) => `| ${l.item} | ${l.quantity} | ${l.unitPrice} | ${l.quantityFrom} | ${l.priceFrom} |`,
  );
  const publish = publishUnits(bench, 1_000_000);
  const profile = Object.entries(usageProfile).map(([key, value]) => `| \`${key}\` | ${value} |`);
  const priceRows = Object.entries(prices).map(
    ([key, value]) =>
      `| \`${key}\` | ${Array.isArray(value) ? JSON.stringify(value).replace(/"/g, '') : value} | ${priceSources[key as keyof typeof prices]} |`,
  );
  const readers = deployed.secretReaders;
  const markdown = `# Monthly cost

Written by \`npm run cost\` (scripts/cost/): it synthesizes the prod stage in-process (with every
sign-in provider and LINE reminders), reads what the templates deploy, takes the benchmark figures
from \`bench/results/\` (docs/performance.md) and the usage profile below, and prices each line.
Change a price, the profile or the app, and run it again; a unit test fails while this file is stale.

## The bill

${head}
${rule}
${rows.join('\n')}
${totals}
${line}

## Each line at 1,000,000 registered players

Every quantity, its unit price, and where both come from (the usage profile's figures are estimates
until production measures them; "templates" are the synthesized stacks).

| item | quantity | unit price | quantity from | price from |
| --- | --- | --- | --- | --- |
${details.join('\n')}

Cognito is the largest line at every size past the free tier; the plan is chosen in
docs/adr/0009-cognito-feature-plan.md. ${
    deployed.oidcProviders > 0
      ? `The players who sign in through LINE or X are priced as OIDC federation ($${prices.cognitoOidcPerMau} each), the others at the plan's rate.`
      : `The players who sign in with LINE or X are users of the pool's own, at the plan's rate like the others: the API runs their sign-in (docs/adr/0027-line-and-x-sign-in-by-the-api.md), and the pool federates no OIDC provider, whose players Cognito would price at $${prices.cognitoOidcPerMau} each.`
  }

The ranking publishes are priced in the job's layout (deflated pages, board indexes and value
buckets; a publish keeps the scopes whose inputs did not change): at 1,000,000 players a results
update or a deadline writes ${count(Math.round(publishAt(bench, 1_000_000).unitsPerUpdate))} units (its round scope and the yearly board),
a finished tournament's last publish ${count(Math.round(publish.finalUnits))} (every round scope again, kept 400 days). The quiz
boards, which the benchmark leaves out, and a scope written again after 3 days are not counted.

Not priced: data transfer from the API and S3 origins to CloudFront (free), CloudFormation's reads of
the providers' secrets at deploy time, the origin secret's monthly rotation (a few calls), the X
bridge's own API Gateway calls and access logs (a few a sign-in with X), and S3 requests for the
uploads and logs.

## LINE reminders

${lineSection()}

## What the templates deploy (prod)

| figure | value |
| --- | --- |
| API functions | ${deployed.apiFunctions}, most at ${deployed.apiMemoryMb} MB |
| scheduled jobs | ${deployed.jobs.map((job) => `${job.name} ${job.memoryMb} MB x ${job.runsPerMonth.toLocaleString('en-US')} runs`).join(', ')} |
| the API gate | ${deployed.gate.authorizers} Lambda authorizers, answers cached ${deployed.gate.ttlSeconds} s, ${deployed.gate.memoryMb} MB |
| CloudFront Functions a viewer request | site ${deployed.edgeFunctions.site}, /api/* ${deployed.edgeFunctions.api}, uploads CDN ${deployed.edgeFunctions.uploads} |
| standard logs to S3 | ${deployed.loggedDistributions} distributions; WAF logging ${deployed.wafLogging ? 'on' : 'off'} |
| API access log line | ${deployed.accessLogLineBytes} bytes |
| alarm metrics, dashboards | ${deployed.alarmMetrics}, ${deployed.dashboards} |
| WAF rules | ${deployed.wafRules} |
| secrets created (replicas counted), read from the operator | ${deployed.secrets}, ${deployed.secretsRead} |
| functions reading a secret at run time | origin ${readers.origin}, arrival receipt key ${readers.arrivalReceipt}, LINE token ${readers.lineToken}, LINE and X sign-in ${readers.socialSignIn} |
| reminder senders | ${deployed.reminderSenders} |
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
| share card (median) | ${bench.shareCardKb.toFixed(0)} KB | bench/results/share.json |
${bench.publish.map((p) => `| publish at ${count(p.players)} players | ${count(p.unitsPerUpdate)} units an update, ${count(p.scopeUnits)} a round scope, ${count(p.yearlyUnits)} the yearly board, ${(p.recomputeMs / 1000).toFixed(1)} s | bench/results/ranking-publish.json |`).join('\n')}

Sizes between the measured ones scale in proportion from the nearest.

## Usage profile (one registered player, one month of the season)

Estimates (scripts/cost/model.ts says what each is), to be replaced by production's figures.

| figure | value |
| --- | --- |
${profile.join('\n')}

## Prices

ap-northeast-1 list prices in USD, free tiers that never expire included (Lambda, CloudFront,
CloudFront Functions, Cognito, X-Ray). Check them before budgeting.

| price | value | from |
| --- | --- | --- |
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
    console.log(`AWS, total a month: ${usd(total(bill))}`);
    const line = lineReminderBill(players);
    console.log(
      `LINE reminders (billed by LINE): ${usd(line.usd)} (${yen(line.yen)}, ${count(line.messages)} messages)`,
    );
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
