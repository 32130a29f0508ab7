/**
 * `npm run bench:reminders [-- --smoke]`: the deadline reminders at a million subscribers.
 *
 * On the local stack (in-memory DynamoDB Local, the sample season), 20,000 subscribers of the open
 * round (no team; both reminder times 24 and 2 hours; 40% with LINE too) get their reminders
 * through the real code: the job's `sendDueReminders` run at each time's computed start plans the
 * batches and the local stack's senders (4, side by side in this process) send them. SES is a
 * stand-in HTTP server speaking SES v2's SendEmail (the adapter's own SDK call, signed and sent),
 * which accepts at most the configured rate a second and refuses the rest as SES throttles; LINE is
 * the local outbox (one multicast call per identical text, counted).
 *
 * 1. The 24-hour time with no rate limit: what the code path costs a message (claim, send, marker).
 * 2. The 2-hour time at 500 mails a second: the senders hold the rate (no mail refused).
 * 3. The model of 1,000,000 subscribers: the sending time at 500/s, the start it computes at 500/s
 *    and at 100/s, the rate that sends a million in 10 minutes, and the LINE calls.
 *
 * Prints a table and writes bench/results/reminders.json and its section of docs/performance.md.
 * `-- --smoke`: 200 subscribers, nothing written.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { reminderHourChoices, type ReminderHours } from '../../shared/src/game/reminders';
import { batchWriteAll } from '../../functions/src/db/batch-write';
import { keys } from '../../functions/src/db/keys';
import { reminderItems, reminderRepository } from '../../functions/src/db/repositories/reminder-repository';
import {
  reminderStarts,
  sendingSeconds,
  START_MARGIN_SECONDS,
} from '../../functions/src/domain/reminders/reminder-schedule';
import { reminderSendersFor } from '../../functions/src/jobs/schedule';
import { sendDueReminders } from '../../functions/src/domain/reminders/reminder-service';
import { resetConfig } from '../../functions/src/lib/config';
import { startStack } from '../local-stack/stack';
import { sampleRounds } from './sample-round';
import { sampleSeason, sized, smokeDone, writeFigures, writePerformanceSection } from './smoke';

const subscribers = sized(20_000, 200);
const lineShare = 0.4;
const millionSubscribers = 1_000_000;
const rate = 500;
const lowerRate = 100;
/**
 * Of the subscribers, those a reminder time is due for (no complete team, or a player on it who can
 * no longer be picked): 21%, as the job's choice found among 1,000,000 modelled subscribers (208,333),
 * and as the deadline target's SES rate assumes (`REMINDER_SHARE` in infra/lib/capacity.ts).
 */
const dueShare = 0.21;
const log = (line: string) => console.error(`[bench:reminders] ${line}`);

/**
 * SES v2's SendEmail as a server: answers a MessageId, or, past `perSecond` a second (a second's
 * worth at once, as SES's own rate counts), 429 TooManyRequestsException.
 */
async function sesStandIn() {
  let perSecond = Number.POSITIVE_INFINITY;
  let tokens = 0;
  let last = performance.now();
  const counts = { accepted: 0, throttled: 0 };
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const at = performance.now();
      tokens = Math.min(perSecond, tokens + ((at - last) / 1000) * perSecond);
      last = at;
      if (tokens < 1) {
        counts.throttled++;
        response.writeHead(429, {
          'content-type': 'application/json',
          'x-amzn-errortype': 'TooManyRequestsException',
        });
        response.end(JSON.stringify({ message: 'Maximum sending rate exceeded.' }));
        return;
      }
      tokens -= 1;
      counts.accepted++;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ MessageId: `bench-${counts.accepted}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    limit(mailsPerSecond: number) {
      perSecond = mailsPerSecond;
      tokens = Number.isFinite(mailsPerSecond) ? mailsPerSecond : 0;
      last = performance.now();
      counts.accepted = 0;
      counts.throttled = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The sending settings the job and the senders read (as the jobs stack gives them in AWS). */
function configure(mailsPerSecond: number) {
  process.env['REMINDER_MAILS_PER_SECOND'] = String(mailsPerSecond);
  process.env['REMINDER_SENDERS'] = String(reminderSendersFor(Math.min(mailsPerSecond, rate)));
  resetConfig();
}

async function main() {
  const now = new Date();
  const { season, gameGlobalId, openRound } = sampleRounds(now);
  const deadline = Date.parse(
    season.tournaments
      .find((t) => t.game_global_id === gameGlobalId)!
      .rounds.find((r) => r.round === openRound)!.deadline_at,
  );
  const stack = await startStack({ port: 0, dataDir: null, spaDir: null, ...sampleSeason(now), quiet: true });
  const ses = await sesStandIn();
  try {
    Object.assign(process.env, {
      MAIL_TRANSPORT: 'ses',
      AWS_ENDPOINT_URL_SESV2: ses.url,
      LINE_TRANSPORT: 'outbox',
    });
    resetConfig();
    const ids = Array.from({ length: subscribers }, (_, i) => `bench-reminder-${String(i).padStart(7, '0')}`);
    await batchWriteAll(
      ids.flatMap((id, i) => [
        { ...keys.userProfile(id), entity: 'user', user_id: id, email: `${id}@example.com` },
        ...reminderItems({
          user_id: id,
          email: true,
          // Spread over the ids, so each batch has its share of LINE players.
          line: i % 5 < lineShare * 5,
          hours_before: [24, 2],
          line_user_id: i % 5 < lineShare * 5 ? `U${id}` : null,
          unsubscribe_token: `bench-token-${i}`,
          updated_at: now.toISOString(),
        }),
      ]),
      { concurrency: 8 },
    );
    log(`${subscribers} subscribers of round ${openRound} (${Math.round(lineShare * 100)}% with LINE too)`);

    const listStart = performance.now();
    const listed = await reminderRepository.listSubscribers();
    const listMs = performance.now() - listStart;

    /** Runs the job at a reminder time's computed start and answers what it sent and how long it took. */
    const remind = async (hours: ReminderHours, mailsPerSecond: number, sesLimit = mailsPerSecond) => {
      configure(mailsPerSecond);
      ses.limit(sesLimit);
      const counts = await reminderRepository.subscriberCounts();
      const byHours = Object.fromEntries(
        reminderHourChoices.map((h) => [h, counts?.email[String(h)] ?? listed.length]),
      );
      const start = reminderStarts(deadline, byHours, mailsPerSecond).get(hours)!;
      await reminderRepository.setLastRun(new Date(start - 60_000).toISOString());
      const began = performance.now();
      const result = await sendDueReminders(new Date(start + 1000));
      const seconds = (performance.now() - began) / 1000;
      if (result.failed || result.sent.email < subscribers)
        throw new Error(
          `${hours}h: sent ${result.sent.email} of ${subscribers} mails (${result.failed} failed)`,
        );
      return {
        mails: result.sent.email,
        line_recipients: result.sent.line,
        line_calls: result.line_calls,
        batches: result.batches,
        seconds: Math.round(seconds * 10) / 10,
        mails_per_s: Math.round(result.sent.email / seconds),
        ses_throttled: ses.counts.throttled,
      };
    };
    // No limit: a rate no sender reaches, and a stand-in that refuses nothing.
    const free = await remind(24, 1e6, Number.POSITIVE_INFINITY);
    log(`24h, no rate limit: ${free.mails} mails in ${free.seconds} s`);
    const paced = await remind(2, rate);
    log(`2h at ${rate}/s: ${paced.mails} mails in ${paced.seconds} s, ${paced.ses_throttled} throttled`);
    if (paced.ses_throttled > 0) throw new Error('the senders went past the SES rate');

    const perMessageMs = (free.seconds * 1000) / free.mails;
    const due = Math.round(millionSubscribers * dueShare);
    const lead = (mails: number, perSecond: number) =>
      sendingSeconds(mails, perSecond) + START_MARGIN_SECONDS;
    const model = {
      subscribers: millionSubscribers,
      per_message_ms: Math.round(perMessageMs * 1000) / 1000,
      code_path_mails_per_s: Math.round(1000 / perMessageMs),
      planning_list_s: Math.round(((listMs / 1000) * millionSubscribers) / listed.length),
      send_all_at_500_s: Math.round(millionSubscribers / rate),
      send_due_share_at_500_s: Math.round(due / rate),
      due_share: dueShare,
      rate_for_all_in_10_min: Math.ceil(millionSubscribers / 600),
      start_offset_at_500_s: lead(millionSubscribers, rate),
      start_offset_at_100_s: lead(millionSubscribers, lowerRate),
      line_calls: Math.round((paced.line_calls * millionSubscribers) / subscribers),
      line_pushes_before: Math.round(millionSubscribers * lineShare),
    };
    return { free, paced, model, list_ms: Math.round(listMs) };
  } finally {
    await ses.close();
    await stack.stop();
  }
}

const { free, paced, model, list_ms: listMs } = await main();
const summary = {
  measured_at: new Date().toISOString(),
  node: process.version,
  subscribers,
  free,
  paced,
  model,
};
console.table({ free, paced });
console.table(model);
writeFigures('bench/results/reminders.json', `${JSON.stringify(summary, null, 2)}\n`);

const minutes = (seconds: number) => `${(seconds / 60).toFixed(1)} min`;
const n = (value: number) => value.toLocaleString('en');
const section = `<!-- reminders:start -->
## Deadline reminders

\`npm run bench:reminders\` (scripts/bench/reminders.ts). Measured ${summary.measured_at.slice(0, 10)} on the
development machine (${process.version}, 2 cores shared with other work), on the local stack: ${n(subscribers)}
subscribers of the open round without a team, 40% with LINE too, each reminded through the real job
(planning at the computed start) and the local stack's 4 senders in one process. SES is a stand-in
server speaking SES v2's SendEmail (the adapter's own SDK call) that refuses mails past the configured
rate, as SES throttles; LINE is the local outbox.

| figure | value |
| ------ | ----- |
| the 24-hour time, no rate limit: ${n(free.mails)} mails, ${n(free.line_recipients)} LINE recipients in ${free.batches} batches | ${free.seconds} s, ${n(free.mails_per_s)} mails/s |
| cost of the code path (claim, read, send, marker), all senders together | ${model.per_message_ms} ms a mail, ${n(model.code_path_mails_per_s)} mails/s |
| the 2-hour time at ${rate} mails/s (the SES stand-in's limit) | ${paced.seconds} s, ${n(paced.mails_per_s)} mails/s, ${paced.ses_throttled} refused |
| LINE multicast calls for ${n(paced.line_recipients)} recipients | ${paced.line_calls} |
| listing the subscribers (the planning pass), ${n(subscribers)} / modelled at 1,000,000 | ${listMs} ms / ${model.planning_list_s} s |

At 1,000,000 subscribers (the model, from the figures above):

| figure | value |
| ------ | ----- |
| every subscriber mailed at ${rate}/s | ${n(model.send_all_at_500_s)} s (${minutes(model.send_all_at_500_s)}) |
| the mails of one reminder time (the ${Math.round(dueShare * 100)}% without a complete team) at ${rate}/s | ${n(model.send_due_share_at_500_s)} s (${minutes(model.send_due_share_at_500_s)}) |
| the rate that mails all 1,000,000 in 10 minutes | ${n(model.rate_for_all_in_10_min)} mails/s |
| the start the job computes before a time's promise, at ${rate}/s | ${n(model.start_offset_at_500_s)} s (${minutes(model.start_offset_at_500_s)}) |
| the same at ${lowerRate}/s | ${n(model.start_offset_at_100_s)} s (${minutes(model.start_offset_at_100_s)}) |
| LINE calls (multicast, one per batch and identical text) / pushes before (one per LINE player) | ${n(model.line_calls)} / ${n(model.line_pushes_before)} |

What the product needs is the promise kept: a reminder time's last mail leaves by its time (the
"2 hours before" mail by deadline - 2 h), at whatever rate SES allows. The job counts on every e-mail
subscriber who chose the time (it cannot know beforehand who will still have no team), so it starts
early enough for all of them: ${minutes(model.start_offset_at_500_s)} before the promise at ${rate}/s, ${minutes(model.start_offset_at_100_s)} at ${lowerRate}/s;
only those without a complete team when their batch is sent get a mail, so the sending ends sooner
and the last mail leaves earlier still. Mailing all 1,000,000 within 10 minutes would take
${n(model.rate_for_all_in_10_min)} mails/s. The reminders of one deadline's reminder time, the
${Math.round(dueShare * 100)}% of a million subscribers without a complete team, leave within ${minutes(model.send_due_share_at_500_s)} at ${rate}/s:
inside 10 minutes while at most ${Math.round(((600 * rate) / millionSubscribers) * 100)}% of the subscribers are due.
${
  model.code_path_mails_per_s >= rate
    ? `The code path is not the limit: it sends ${n(model.code_path_mails_per_s)} mails/s here, so SES's rate sets the time.`
    : `Here the code path is the limit (${n(model.code_path_mails_per_s)} mails/s without a rate, ${n(paced.mails_per_s)} at ${rate}/s): four
senders in one process beside DynamoDB Local and the local outboxes, on 2 shared cores. In AWS each
sender is a function of its own (1,024 MB) against DynamoDB, and the jobs stack gives one sender per
125 mails/s of the rate (\`reminderSendersFor\`), an allowance this bench does not measure.`
}
The listing of the planning pass is DynamoDB Local's (${listMs} ms for ${n(subscribers)}); DynamoDB answers a 1 MB
page in tens of milliseconds, about 300 pages at a million subscribers.
<!-- reminders:end -->`;
await writePerformanceSection('reminders', section);
smokeDone();
