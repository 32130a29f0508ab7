/**
 * `npm run bench:reminders [-- --smoke]`: the deadline reminders job at scale, in two parts.
 *
 * 1. Choosing: 1,000,000 subscribers of a due round (each with one or two of the reminder times,
 *    70% with a saved team, 3% of those holding a withdrawn player) run through the job's own
 *    `chooseReminders` and `reminderText`: the time to pick who gets a message and to write them all.
 * 2. Sending: the local stack (in-memory DynamoDB Local, the sample season) with 2,000 subscribers of
 *    the open round and no team, the job's `sendDueReminders` run at the 2-hour reminder time: every
 *    message claimed (a conditional write) and sent to the local mail outbox, one after another, as
 *    in AWS; the messages per second it sustains.
 *
 * Prints a table and writes bench/results/reminders.json and its section of docs/performance.md.
 * `-- --smoke`: 20,000 subscribers chosen, 30 sent, nothing written.
 */
import type { ReminderHours } from '../../shared/src/game/reminders';
import { reminderText } from '../../shared/src/game/reminders';
import { batchWriteAll } from '../../functions/src/db/batch-write';
import {
  reminderItems,
  reminderRepository,
  type ReminderSubscription,
} from '../../functions/src/db/repositories/reminder-repository';
import { userRepository } from '../../functions/src/db/repositories/user-repository';
import { newPlayer } from '../../functions/src/domain/account/account-service';
import { chooseReminders, sendDueReminders } from '../../functions/src/domain/reminders/reminder-service';
import { startStack } from '../local-stack/stack';
import { sampleRounds } from './sample-round';
import { sampleSeason, sized, smokeDone, writeFigures, writePerformanceSection } from './smoke';

const chosenPlayers = sized(1_000_000, 20_000);
const sentPlayers = sized(2_000, 30);
const log = (line: string) => console.error(`[bench:reminders] ${line}`);

const subscriber = (i: number, hours: ReminderHours[]): ReminderSubscription => ({
  user_id: `bench-reminder-${String(i).padStart(7, '0')}`,
  email: true,
  line: false,
  hours_before: hours,
  line_user_id: null,
  unsubscribe_token: `bench-token-${i}`,
  updated_at: '2026-06-01T00:00:00.000Z',
});

function choosing() {
  const field = Array.from({ length: 120 }, (_, i) => `P${i}`);
  const withdrawn = new Set(['P7']);
  const subscribers = Array.from({ length: chosenPlayers }, (_, i) =>
    subscriber(i, i % 3 === 0 ? [24] : [24, 2]),
  );
  const teams = new Map<string, string[]>();
  for (let i = 0; i < chosenPlayers; i++)
    if (i % 10 < 7)
      teams.set(
        subscribers[i]!.user_id,
        i % 33 === 0 ? ['P7', 'P1', 'P2', 'P3'] : [0, 1, 2, 3].map((s) => field[(i + s * 29) % 120]!),
      );
  const start = performance.now();
  const chosen = chooseReminders(
    [2],
    subscribers,
    (userId) => teams.get(userId) ?? null,
    (id) => !withdrawn.has(id),
  );
  const chooseMs = performance.now() - start;
  const textStart = performance.now();
  let bytes = 0;
  for (const { subscriber: s, reason } of chosen)
    bytes += reminderText({
      reason,
      tournamentName: '日本オープンゴルフ選手権',
      round: 2,
      deadlineText: '10/16(木) 6:50',
      roundUrl: 'https://example.jp/schedule/round/2',
      unsubscribeUrl: `https://example.jp/reminders/unsubscribe/${s.unsubscribe_token}`,
    }).text.length;
  const textMs = performance.now() - textStart;
  return {
    subscribers: chosenPlayers,
    reminders: chosen.length,
    choose_ms: Math.round(chooseMs),
    texts_ms: Math.round(textMs),
    text_chars: bytes,
  };
}

async function sending() {
  const now = new Date();
  const { season, gameGlobalId, openRound } = sampleRounds(now);
  const deadline = season.tournaments
    .find((t) => t.game_global_id === gameGlobalId)!
    .rounds.find((r) => r.round === openRound)!.deadline_at;
  const stack = await startStack({ port: 0, dataDir: null, spaDir: null, ...sampleSeason(now), quiet: true });
  try {
    const subscribers = Array.from({ length: sentPlayers }, (_, i) => subscriber(i, [2]));
    for (let i = 0; i < subscribers.length; i += 50)
      await Promise.all(
        subscribers
          .slice(i, i + 50)
          .map((s) =>
            userRepository.createUserIfAbsent(
              newPlayer(s.user_id, now, { email: `${s.user_id}@example.com`, status: 'complete' }),
            ),
          ),
      );
    await batchWriteAll(subscribers.flatMap(reminderItems));
    const remindAt = new Date(Date.parse(deadline) - 2 * 3600_000 + 1000);
    await reminderRepository.setLastRun(new Date(remindAt.getTime() - 60_000).toISOString());
    log(`${sentPlayers} subscribers of round ${openRound}; the job runs at the 2-hour reminder time`);
    const start = performance.now();
    const result = await sendDueReminders(remindAt);
    const seconds = (performance.now() - start) / 1000;
    if (result.failed || result.sent.email < sentPlayers)
      throw new Error(
        `the job sent ${result.sent.email} of ${sentPlayers} messages (${result.failed} failed)`,
      );
    return {
      subscribers: sentPlayers,
      messages: result.sent.email,
      job_s: Math.round(seconds * 10) / 10,
      messages_per_s: Math.round(result.sent.email / seconds),
    };
  } finally {
    await stack.stop();
  }
}

const choose = choosing();
log(`chose ${choose.reminders} of ${choose.subscribers} in ${choose.choose_ms} ms`);
const send = await sending();
const summary = { measured_at: new Date().toISOString(), node: process.version, choose, send };
console.table({ choose, send });
writeFigures('bench/results/reminders.json', `${JSON.stringify(summary, null, 2)}\n`);

const section = `<!-- reminders:start -->
## Deadline reminders

\`npm run bench:reminders\` (scripts/bench/reminders.ts). Measured ${summary.measured_at.slice(0, 10)} on the
development machine (${process.version}, 2 cores shared with other work).

| figure | value |
| ------ | ----- |
| choosing among ${choose.subscribers.toLocaleString('en')} subscribers (\`chooseReminders\`) | ${choose.choose_ms} ms, ${choose.reminders.toLocaleString('en')} reminders |
| writing those messages (\`reminderText\`) | ${choose.texts_ms} ms |
| the job sending ${send.messages.toLocaleString('en')} e-mails on the local stack (claim + send each) | ${send.job_s} s, ${send.messages_per_s} messages/s |

The job sends one message after another, each claimed by a conditional write first so that no
message goes twice: at the rate above, about ${(send.messages_per_s * 60).toLocaleString('en')} messages a minute.
<!-- reminders:end -->`;
await writePerformanceSection('reminders', section);
smokeDone();
