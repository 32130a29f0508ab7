/**
 * Sending the reminders' batches (docs/operations.md, Reminders). Several senders run at once (a
 * function each in AWS, side by side in the local stack's process); each claims a batch from the
 * queue, reads its players as they are now (their settings, addresses and teams), and sends:
 * e-mails one per player at its share of the SES rate, LINE as one multicast per identical text
 * (to players without a team, once per deadline).
 *
 * Exactly once per player, time and channel: each message's marker is taken with a conditional
 * write before it is sent and given back if the send fails, so a batch sent again (a failure, a
 * sender that died and whose lease ran out, two senders on one batch) sends nobody anything twice.
 * A sender that dies between taking a marker and sending loses that one message: never a second.
 */
import { randomUUID } from 'node:crypto';
import type { ReminderChannel, ReminderHours } from '@golf/shared/game/reminders';
import { lineReminderDue, reminderText } from '@golf/shared/game/reminders';
import { formatTokyoDateTime } from '@golf/shared/game/format';
import { lineConfigured, multicastLine, type LineMulticast } from '../../adapters/line';
import { startReminderSenders } from './start-reminder-senders';
import { sendMail, type MailMessage } from '../../adapters/mail';
import { reminderQueueRepository, type ReminderBatch } from '../../db/repositories/reminder-queue-repository';
import { reminderRepository } from '../../db/repositories/reminder-repository';
import { teamRepository } from '../../db/repositories/team-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { userRepository } from '../../db/repositories/user-repository';
import { now as clockNow } from '../../lib/clock';
import { config } from '../../lib/config';
import { logger } from '../../lib/logger';
import { sideEffectFailed } from '../../lib/side-effects';
import { ineligibility } from '../game/players';
import { loadRoundContext, type RoundContext } from '../game/tournament-context';
import { chooseReminders, reminderMailHeaders } from './reminder-service';
import { LINE_MULTICAST_MAX_RECIPIENTS, LINE_MULTICASTS_PER_SECOND } from './reminder-schedule';

/** Where the messages go: the adapters, or a test's stand-ins that fail on purpose. */
export interface ReminderPorts {
  sendMail: (message: MailMessage, now: Date) => Promise<void>;
  multicastLine: (message: LineMulticast, now: Date) => Promise<void>;
}

const adapters: ReminderPorts = { sendMail, multicastLine };

export interface ReminderSendResult {
  sent: Record<ReminderChannel, number>;
  failed: number;
  /** LINE multicast calls made. */
  line_calls: number;
  batches: number;
}

const emptySendResult = (): ReminderSendResult => ({
  sent: { email: 0, line: 0 },
  failed: 0,
  line_calls: 0,
  batches: 0,
});

function addSendResult(into: ReminderSendResult, from: ReminderSendResult): ReminderSendResult {
  into.sent.email += from.sent.email;
  into.sent.line += from.sent.line;
  into.failed += from.failed;
  into.line_calls += from.line_calls;
  into.batches += from.batches;
  return into;
}

/**
 * Paces one sender: at most `perSecond` takes a second on average, a second's worth at once. Its
 * waits are the host's time (the rate is SES's, not the game's).
 */
function pacer(perSecond: number): { take: () => Promise<void> } {
  const capacity = Math.max(1, perSecond);
  let tokens = capacity;
  let last = performance.now();
  let queue = Promise.resolve();
  const takeOne = async () => {
    for (;;) {
      const at = performance.now();
      tokens = Math.min(capacity, tokens + ((at - last) / 1000) * perSecond);
      last = at;
      if (tokens >= 1) {
        tokens -= 1;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.ceil(((1 - tokens) / perSecond) * 1000)));
    }
  };
  return {
    take: () => {
      const taken = queue.then(takeOne);
      queue = taken;
      return taken;
    },
  };
}

/** Mails in flight at once in one sender: SES answers in tens of milliseconds, the pace is the limit. */
const mailsInFlight = 16;

export interface SenderContext {
  ports?: ReminderPorts;
  mailPacer?: { take: () => Promise<void> };
  linePacer?: { take: () => Promise<void> };
  /** Round contexts this sender already read (one per round, not one per batch). */
  rounds?: Map<string, Promise<RoundContext | undefined>>;
  /** The instant it sends at: the game clock's, or the run's that waits for it (the local stack). */
  now?: () => Date;
}

/** This sender's share of the rates: the configured mail rate and LINE's, each over the senders. */
function senderPacers(): Required<Pick<SenderContext, 'mailPacer' | 'linePacer'>> {
  const { REMINDER_MAILS_PER_SECOND: rate, REMINDER_SENDERS: senders } = config();
  return { mailPacer: pacer(rate / senders), linePacer: pacer(LINE_MULTICASTS_PER_SECOND / senders) };
}

/**
 * Sends one batch: its players who chose one of its times, have a channel on and (read now) still
 * need a reminder. Each message is claimed first; one already claimed is skipped. Nothing is sent at
 * or after the round's deadline.
 */
export async function sendReminderBatch(
  batch: ReminderBatch,
  context: SenderContext = {},
): Promise<ReminderSendResult> {
  const result = { ...emptySendResult(), batches: 1 };
  const ports = context.ports ?? adapters;
  const shares = context.mailPacer && context.linePacer ? undefined : senderPacers();
  const mailPacer = context.mailPacer ?? shares!.mailPacer;
  const linePacer = context.linePacer ?? shares!.linePacer;
  const now = context.now ?? clockNow;
  const beforeDeadline = () => now().getTime() < Date.parse(batch.deadline_at);
  if (!beforeDeadline()) return result;
  const rounds = context.rounds ?? new Map<string, Promise<RoundContext | undefined>>();
  const roundKey = `${batch.game_global_id}#${batch.round}`;
  if (!rounds.has(roundKey))
    rounds.set(
      roundKey,
      tournamentRepository
        .get(batch.game_global_id)
        .then((record) => (record ? loadRoundContext(record, batch.round, { profiles: false }) : undefined)),
    );
  const round = await rounds.get(roundKey)!;
  if (!round) return result;

  const subscribers = (await reminderRepository.subscribersBetween(batch.from_user, batch.to_user)).filter(
    (s) => s.email || s.line,
  );
  const teams = await teamRepository.getUsers(
    batch.game_global_id,
    batch.round,
    subscribers.map((s) => s.user_id),
  );
  const chosen = chooseReminders(
    batch.hours,
    subscribers,
    (userId) => teams.get(userId)?.picks.map((p) => p.player_id) ?? null,
    (id) => ineligibility(round.byId.get(id), batch.round) === null,
  );
  const emails = await userRepository.emailsOf(
    chosen.filter((c) => c.subscriber.email).map((c) => c.subscriber.user_id),
  );
  const site = config().SITE_URL;
  const base = {
    tournamentName: round.record.tournament_name,
    round: batch.round,
    deadlineText: formatTokyoDateTime(batch.deadline_at),
    roundUrl: `${site}/schedule/round/${batch.round}`,
  };
  const message = (userId: string, hours: readonly ReminderHours[], channel: ReminderChannel) =>
    hours.map((h) => ({
      gameGlobalId: batch.game_global_id,
      round: batch.round,
      userId,
      hours: h,
      channel,
    }));
  /** Claims a player's message for every time it answers; the times it claimed (none: sent before). */
  const claim = async (userId: string, hours: readonly ReminderHours[], channel: ReminderChannel) => {
    const messages = message(userId, hours, channel);
    const at = now();
    const held = await Promise.all(messages.map((m) => reminderRepository.claimMessage(m, at)));
    return messages.filter((_, i) => held[i]);
  };
  const release = (claimed: ReturnType<typeof message>) =>
    Promise.all(claimed.map((m) => reminderRepository.releaseMessage(m)));

  // E-mails: one per player, a few in flight; a message claimed before (sent already) takes no turn.
  const mails = chosen.filter((c) => c.subscriber.email && emails.has(c.subscriber.user_id));
  const inFlight = new Set<Promise<void>>();
  for (const { subscriber, hours, reason } of mails) {
    if (!beforeDeadline()) break;
    const send = (async () => {
      const claimed = await claim(subscriber.user_id, hours, 'email');
      if (!claimed.length) return;
      await mailPacer.take();
      const text = reminderText({
        ...base,
        reason,
        unsubscribeUrl: `${site}/reminders/unsubscribe/${subscriber.unsubscribe_token}`,
      });
      try {
        if (!beforeDeadline()) throw new Error('the deadline has passed');
        await ports.sendMail(
          {
            to: emails.get(subscriber.user_id)!,
            ...text,
            headers: reminderMailHeaders(site, subscriber.unsubscribe_token),
          },
          now(),
        );
        result.sent.email++;
      } catch (error) {
        result.failed++;
        sideEffectFailed('reminder_mail', error, { user: subscriber.user_id });
        await release(claimed);
      }
    })();
    inFlight.add(send);
    void send.finally(() => inFlight.delete(send));
    if (inFlight.size >= mailsInFlight) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);

  // LINE: only to players without a team, once per deadline (lineReminderDue); one multicast per
  // identical text (the reason), at most 500 players a call.
  if (lineConfigured()) {
    const byReason = new Map<string, typeof chosen>();
    for (const choice of chosen)
      if (
        choice.subscriber.line &&
        choice.subscriber.line_user_id &&
        lineReminderDue(choice.subscriber.hours_before, batch.hours, choice.reason)
      )
        byReason.set(choice.reason, [...(byReason.get(choice.reason) ?? []), choice]);
    for (const [reason, group] of byReason) {
      const text = reminderText({
        ...base,
        reason: reason as 'no_team' | 'ineligible_pick',
        settingsUrl: `${site}/mypage`,
      });
      for (let i = 0; i < group.length; i += LINE_MULTICAST_MAX_RECIPIENTS) {
        const part = group.slice(i, i + LINE_MULTICAST_MAX_RECIPIENTS);
        const claims = await Promise.all(part.map((c) => claim(c.subscriber.user_id, c.hours, 'line')));
        const recipients = part.filter((_, j) => claims[j]!.length > 0);
        if (!recipients.length) continue;
        await linePacer.take();
        if (!beforeDeadline()) {
          await Promise.all(claims.map(release));
          break;
        }
        try {
          result.line_calls++;
          await ports.multicastLine(
            { to: recipients.map((c) => c.subscriber.line_user_id!), text: `${text.subject}\n${text.text}` },
            now(),
          );
          result.sent.line += recipients.length;
        } catch (error) {
          result.failed += recipients.length;
          sideEffectFailed('reminder_line', error, { recipients: recipients.length });
          await Promise.all(claims.map(release));
        }
      }
    }
  }
  return result;
}

/** How long a sender holds a batch: several times a batch's minute, so only a dead sender loses it. */
const BATCH_LEASE_MS = 5 * 60_000;
/** When a batch had failures, it is claimed again after this long, up to `MAX_ATTEMPTS` claims. */
const RETRY_AFTER_MS = 60_000;
const MAX_ATTEMPTS = 5;

export interface DrainResult extends ReminderSendResult {
  /** It stopped for its time, with batches maybe left (a successor should go on). */
  stopped_early: boolean;
}

/**
 * One sender: claims batch after batch until none is free, or until `stopClaiming` says its time is
 * nearly up. A batch with failures goes back to the queue for a later claim (its sent messages
 * keep their markers); after `MAX_ATTEMPTS` claims it is dropped and logged.
 */
export async function drainReminderQueue(
  options: { stopClaiming?: () => boolean; context?: SenderContext } = {},
): Promise<DrainResult> {
  const owner = randomUUID();
  const total: DrainResult = { ...emptySendResult(), stopped_early: false };
  const context: SenderContext = { ...senderPacers(), rounds: new Map(), ...options.context };
  const now = context.now ?? clockNow;
  for (;;) {
    if (options.stopClaiming?.()) {
      total.stopped_early = true;
      break;
    }
    const batch = await reminderQueueRepository.claimNext(now(), owner, BATCH_LEASE_MS);
    if (!batch) break;
    let result: ReminderSendResult;
    try {
      result = await sendReminderBatch(batch, context);
    } catch (error) {
      sideEffectFailed('reminder_batch', error, { batch: `${batch.plan_id}#${batch.batch}` });
      result = { ...emptySendResult(), failed: 1 };
    }
    addSendResult(total, result);
    if (result.failed > 0 && batch.attempts < MAX_ATTEMPTS)
      await reminderQueueRepository.retryAt(batch, owner, new Date(now().getTime() + RETRY_AFTER_MS));
    else {
      if (result.failed > 0)
        logger.error('reminder batch dropped after its last attempt', {
          batch: `${batch.plan_id}#${batch.batch}`,
          failed: result.failed,
        });
      await reminderQueueRepository.complete(batch, owner);
    }
  }
  return total;
}

/** Time a sender keeps for the batch under way once it stops claiming (a batch takes about a minute). */
const STOP_CLAIMING_MS = 2 * 60_000;

/**
 * One sender's run: batches until none is free. With a time limit (a function's), it stops claiming
 * two minutes before it; `continueSending` then starts its successor for the slot.
 */
export const sendQueuedReminders = (options: { at?: Date; remainingMs?: () => number } = {}) => {
  const { at, remainingMs } = options;
  return drainReminderQueue({
    ...(remainingMs ? { stopClaiming: () => remainingMs() < STOP_CLAIMING_MS } : {}),
    ...(at ? { context: { now: () => at } } : {}),
  });
};

/** Starts a sender's successor for its slot, once it has given the slot's lease back. */
export async function continueSending(slot: number): Promise<void> {
  await startReminderSenders(config().REMINDER_SENDERS, undefined, [slot]);
}
