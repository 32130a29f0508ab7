/**
 * When the reminders of a deadline start, and how the senders share the sending rate
 * (docs/operations.md, Reminders). Pure: the job and `npm run bench:reminders` read these numbers
 * from here; how many senders a rate takes is the schedule's (functions/src/jobs/schedule.ts).
 *
 * A reminder time promises its mails by `deadline - h`. The mails go at the configured SES rate, so
 * the job starts a reminder time early enough for its last mail to leave by then: the mails it may
 * send (every e-mail subscriber who chose that time, as the last planning pass counted them, plus a
 * tenth for those who subscribed since) at the rate, plus a margin for the job's 5-minute interval,
 * the planning pass and the senders starting.
 */
import { reminderHourChoices, type ReminderHours } from '@golf/shared/game/reminders';

const hourMs = 3600_000;
/** Subscribers who may have joined since the count the lead is taken from. */
const COUNT_GROWTH = 0.1;
/**
 * From a reminder time's start to its first mail: up to one job interval (5 minutes) before a run
 * sees it, the planning pass (under a minute at a million subscribers, bench:reminders) and the
 * senders' start, with room to spare.
 */
export const START_MARGIN_SECONDS = 10 * 60;
/**
 * LINE multicast calls a second, all senders together: half the Messaging API's limit for the
 * multicast endpoint (200 requests a second per channel), so the other LINE calls keep room.
 */
export const LINE_MULTICASTS_PER_SECOND = 100;
/** LINE's multicast takes at most 500 user ids a call. */
export const LINE_MULTICAST_MAX_RECIPIENTS = 500;

/** Seconds to send this many mails at this rate, with room for subscribers added since the count. */
export const sendingSeconds = (mails: number, mailsPerSecond: number): number =>
  Math.ceil((mails * (1 + COUNT_GROWTH)) / mailsPerSecond);

/**
 * The instant each reminder time of a deadline starts (epoch ms). The latest time (1 hour before)
 * is placed first, each earlier one ends before the next one starts, so two reminder times never
 * share the rate and each finishes by its promised time.
 */
export function reminderStarts(
  deadlineMs: number,
  mailsByHours: Partial<Record<ReminderHours, number>>,
  mailsPerSecond: number,
): Map<ReminderHours, number> {
  const starts = new Map<ReminderHours, number>();
  let laterStart = Number.POSITIVE_INFINITY;
  for (const hours of [...reminderHourChoices].sort((a, b) => a - b)) {
    const finish = Math.min(deadlineMs - hours * hourMs, laterStart);
    const lead = sendingSeconds(mailsByHours[hours] ?? 0, mailsPerSecond) + START_MARGIN_SECONDS;
    laterStart = finish - lead * 1000;
    starts.set(hours, laterStart);
  }
  return starts;
}

/**
 * Subscribers per batch: about a minute of one sender's share of the rate, at least 10 and at most
 * a LINE multicast's 500, so a batch ends well within a sender's run and its lease.
 */
export const reminderBatchSize = (mailsPerSecond: number, senders: number): number =>
  Math.min(LINE_MULTICAST_MAX_RECIPIENTS, Math.max(10, Math.floor((mailsPerSecond / senders) * 60)));
