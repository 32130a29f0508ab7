/**
 * Deadline reminders (docs/operations.md, Reminders): players opt in per channel on my page; before
 * each round's deadline, at the reminder times they chose, a player with no team for the round, or
 * with a player on it who can no longer be picked, gets one mail per time; LINE goes only to a player
 * with no team, once per deadline, at the latest time chosen (each LINE message is billed). Each has a
 * link straight to the round and a way out (a mail: its one-click unsubscribe link and RFC 8058's
 * headers; a LINE message: the settings on my page). Never at or after the deadline.
 *
 * The job plans, the senders send (reminder-sender.ts): when a reminder time's start comes (early
 * enough, from its subscribers and the SES rate, for its last mail to leave by the promised time:
 * reminder-schedule.ts), one query lists the subscribers and cuts those who chose it into batches,
 * queued in the table; then the senders are started. The job reads no player data otherwise.
 */
import {
  lineReminderHours,
  reminderHourChoices,
  reminderReason,
  type ReminderChannel,
  type ReminderHours,
} from '@golf/shared/game/reminders';
import { unsubscribeRemindersOneClickRoute } from '@golf/shared/routes/reminders';
import type { TournamentRecord } from '@golf/shared/schedule/tournament-record';
import {
  reminderRepository,
  type ReminderSubscription,
  type SubscriberCounts,
} from '../../db/repositories/reminder-repository';
import { reminderQueueRepository, type ReminderBatch } from '../../db/repositories/reminder-queue-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { config } from '../../lib/config';
import { lineConfigured } from '../../adapters/line';
import { startReminderSenders } from './start-reminder-senders';
import { reminderBatchSize, reminderStarts } from './reminder-schedule';

/**
 * The header fields that give a reminder mail its mail client's unsubscribe button (RFC 2369): a
 * one-click POST to the API (RFC 8058) with the player's current token.
 */
export function reminderMailHeaders(site: string, token: string): Record<string, string> {
  const path = unsubscribeRemindersOneClickRoute.path.replace('{token}', token);
  return {
    'List-Unsubscribe': `<${site}${path}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

interface DueRound {
  record: TournamentRecord;
  round: number;
  deadline: string;
  hours: ReminderHours[];
}

/**
 * Rounds of published tournaments with reminder times to start now: a time's start (reminderStarts)
 * reached since the last run, or, should a start have moved before the last run (more subscribers
 * counted since), its promised time reached since then and the time never planned. The deadline is
 * still ahead.
 */
async function dueRounds(
  since: string | null,
  now: Date,
  counts: SubscriberCounts | undefined,
): Promise<DueRound[]> {
  const nowMs = now.getTime();
  const sinceMs = since === null ? Number.NEGATIVE_INFINITY : Date.parse(since);
  const mailsByHours = Object.fromEntries(
    reminderHourChoices.map((h) => [h, counts?.email[String(h)] ?? 0]),
  ) as Record<ReminderHours, number>;
  const rate = config().REMINDER_MAILS_PER_SECOND;
  const rounds = (await tournamentRepository.list())
    .filter((record) => !record.cancelled)
    .flatMap((record) =>
      record.rounds
        .filter((round) => !round.cancelled && Date.parse(round.deadline_at) > nowMs)
        .map((round) => ({ record, round: round.round, deadline: round.deadline_at })),
    );
  const due: DueRound[] = [];
  for (const round of rounds) {
    const deadlineMs = Date.parse(round.deadline);
    const hours: ReminderHours[] = [];
    for (const [h, start] of reminderStarts(deadlineMs, mailsByHours, rate)) {
      const promised = deadlineMs - h * 3600_000;
      if (start > sinceMs && start <= nowMs) hours.push(h);
      else if (
        promised > sinceMs &&
        promised <= nowMs &&
        !(await reminderRepository.isPlanned(round.record.game_global_id, round.round, h))
      )
        hours.push(h);
    }
    if (hours.length) due.push({ ...round, hours: hours.sort((a, b) => b - a) });
  }
  return due;
}

export interface ReminderRunResult {
  rounds: Array<{ game_global_id: string; round: number; hours_before: number[] }>;
  /** Batches queued by this run. */
  batches: number;
  /** Sent by senders this run waited for (the local stack's, in its process); 0 where they run apart. */
  sent: Record<ReminderChannel, number>;
  failed: number;
  /** LINE multicast calls of those senders. */
  line_calls: number;
}

/** The e-mail and LINE subscribers of each reminder time, for the next starts. */
function countSubscribers(subscribers: readonly ReminderSubscription[], now: Date): SubscriberCounts {
  const counts: SubscriberCounts = { email: {}, line: {}, counted_at: now.toISOString() };
  for (const s of subscribers)
    for (const h of s.hours_before) {
      if (s.email) counts.email[h] = (counts.email[h] ?? 0) + 1;
      if (s.line) counts.line[h] = (counts.line[h] ?? 0) + 1;
    }
  return counts;
}

/**
 * Plans the reminders due now and starts the senders. Idempotent: each message is claimed (a
 * conditional write) before it is sent, so planning again, a batch sent again, or two senders at
 * once send nothing twice; a message that could not be sent is given back and its batch claimed
 * again later. A run late by several reminder times sends one message (the nearest time) and
 * claims them all.
 */
export async function sendDueReminders(now: Date): Promise<ReminderRunResult> {
  const since = await reminderRepository.lastRun();
  let counts = await reminderRepository.subscriberCounts();
  let subscribers: ReminderSubscription[] | undefined;
  if (!counts) {
    // No planning pass has counted them yet: count now, so the first starts are early enough too.
    subscribers = await reminderRepository.listSubscribers();
    counts = countSubscribers(subscribers, now);
    await reminderRepository.setSubscriberCounts(counts);
  }
  const due = await dueRounds(since, now, counts);
  const result: ReminderRunResult = {
    rounds: [],
    batches: 0,
    sent: { email: 0, line: 0 },
    failed: 0,
    line_calls: 0,
  };
  if (due.length) {
    subscribers ??= await reminderRepository.listSubscribers();
    await reminderRepository.setSubscriberCounts(countSubscribers(subscribers, now));
    for (const item of due) {
      result.rounds.push({
        game_global_id: item.record.game_global_id,
        round: item.round,
        hours_before: item.hours,
      });
      result.batches += await planRound(item, subscribers, now);
    }
  }
  await reminderRepository.setLastRun(now.toISOString());
  if (result.batches > 0 || (await reminderQueueRepository.hasBatches())) {
    const sending = await startReminderSenders(config().REMINDER_SENDERS, now);
    for (const run of sending) {
      result.sent.email += run.sent.email;
      result.sent.line += run.sent.line;
      result.failed += run.failed;
      result.line_calls += run.line_calls;
    }
  }
  return result;
}

/**
 * Cuts the subscribers of a due round who chose one of its times (and can be reached) into batches
 * of consecutive ids, queued for the senders. Each batch is a range: its sender reads the players
 * of the range as they are when it sends.
 */
async function planRound(due: DueRound, subscribers: readonly ReminderSubscription[], now: Date) {
  const gid = due.record.game_global_id;
  // LINE goes once per deadline, at the player's latest time (lineReminderDue): a LINE-only
  // subscriber is queued for that time alone.
  const reachable = subscribers
    .filter(
      (s) =>
        (s.email && s.hours_before.some((h) => due.hours.includes(h))) ||
        (s.line &&
          s.line_user_id &&
          lineConfigured() &&
          due.hours.includes(lineReminderHours(s.hours_before))),
    )
    .map((s) => s.user_id)
    .sort();
  const { REMINDER_MAILS_PER_SECOND: rate, REMINDER_SENDERS: senders } = config();
  const size = reminderBatchSize(rate, senders);
  const planId = `${gid}#R${due.round}#${now.toISOString()}`;
  const batches: ReminderBatch[] = [];
  for (let i = 0; i < reachable.length; i += size) {
    const ids = reachable.slice(i, i + size);
    batches.push({
      plan_id: planId,
      batch: batches.length,
      game_global_id: gid,
      round: due.round,
      deadline_at: due.deadline,
      hours: due.hours,
      from_user: ids[0]!,
      to_user: ids.at(-1)!,
      attempts: 0,
    });
  }
  // The batches outlive the deadline by a day at most: none is sent after it anyway.
  await reminderQueueRepository.enqueue(batches, Math.floor(Date.parse(due.deadline) / 1000) + 24 * 3600);
  await Promise.all(due.hours.map((h) => reminderRepository.markPlanned(gid, due.round, h, now)));
  return batches.length;
}

/** A reminder to send: who, for which of the due times, and why. */
export interface ChosenReminder {
  subscriber: ReminderSubscription;
  hours: ReminderHours[];
  reason: 'no_team' | 'ineligible_pick';
}

/**
 * The subscribers of a due round who get a reminder: those who chose one of the due times and have no
 * team for the round, or a picked player who can no longer be picked. No data read: the sender reads
 * the teams first (one batch read), so this stays one pass over the subscribers.
 */
export function chooseReminders(
  dueHours: readonly ReminderHours[],
  subscribers: readonly ReminderSubscription[],
  picksOf: (userId: string) => readonly string[] | null,
  isEligible: (playerId: string) => boolean,
): ChosenReminder[] {
  const chosen: ChosenReminder[] = [];
  for (const subscriber of subscribers) {
    const hours = subscriber.hours_before.filter((h) => dueHours.includes(h));
    if (!hours.length) continue;
    const reason = reminderReason(picksOf(subscriber.user_id), isEligible);
    if (reason) chosen.push({ subscriber, hours, reason });
  }
  return chosen;
}
