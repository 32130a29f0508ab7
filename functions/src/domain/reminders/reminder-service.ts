/**
 * Deadline reminders (docs/operations.md, Reminders): players opt in per channel on my page; before
 * each round's deadline, at the reminder times they chose, a player with no team for the round, or
 * with a player on it who can no longer be picked, gets one message per time and channel, with a
 * link straight to the round and an unsubscribe link (mails also carry RFC 8058's one-click headers).
 * Never at or after the deadline.
 *
 * The job reads no player data unless a reminder time has just been reached for some round (a few
 * times a round); then one query lists the subscribers and their teams are read in batches.
 */
import { randomBytes } from 'node:crypto';
import {
  defaultReminderSettings,
  dueReminderHours,
  reminderReason,
  reminderText,
  type ReminderChannel,
  type ReminderHours,
  type ReminderSettings,
} from '@golf/shared/game/reminders';
import { formatTokyoDateTime } from '@golf/shared/game/format';
import { unsubscribeRemindersOneClickRoute } from '@golf/shared/routes/reminders';
import { isFederatedUsername, socialProviderInfo } from '@golf/shared/schemas/social';
import type { TournamentRecord } from '@golf/shared/schedule/tournament-record';
import { reminderRepository, type ReminderSubscription } from '../../db/repositories/reminder-repository';
import { teamRepository } from '../../db/repositories/team-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { userRepository } from '../../db/repositories/user-repository';
import type { AuthContext } from '../../lib/auth';
import { config } from '../../lib/config';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { lineConfigured, sendLine } from '../../adapters/line';
import { sendMail } from '../../adapters/mail';
import { loadRoundContext } from '../game/tournament-context';
import { ineligibility } from '../game/players';

export interface ReminderSettingsView extends ReminderSettings {
  /** The player signed in with LINE, so LINE reminders can reach them. */
  line_available: boolean;
  /** An e-mail address is registered, so e-mail reminders can reach them. */
  email_available: boolean;
}

const linePrefix = `${socialProviderInfo.line.cognitoName}_`;

function settingsOf(subscription: ReminderSubscription | undefined): ReminderSettings {
  return subscription
    ? { email: subscription.email, line: subscription.line, hours_before: subscription.hours_before }
    : { ...defaultReminderSettings, hours_before: [...defaultReminderSettings.hours_before] };
}

export async function getReminderSettings(auth: AuthContext): Promise<ReminderSettingsView> {
  const [subscription, user] = await Promise.all([
    reminderRepository.get(auth.userId),
    userRepository.getUser(auth.userId),
  ]);
  return {
    ...settingsOf(subscription),
    line_available:
      lineConfigured() && (Boolean(subscription?.line_user_id) || isFederatedUsername(auth.username, 'line')),
    email_available: Boolean(user?.email),
  };
}

/** Stores a player's choice. LINE needs a LINE sign-in (it links that account); e-mail needs an address. */
export async function updateReminderSettings(
  auth: AuthContext,
  settings: ReminderSettings,
  now: Date,
): Promise<ReminderSettingsView> {
  const [existing, user] = await Promise.all([
    reminderRepository.get(auth.userId),
    userRepository.getUser(auth.userId),
  ]);
  if (!user) throw notFound('ユーザーが見つかりません。');
  const lineUserId =
    existing?.line_user_id ??
    (isFederatedUsername(auth.username, 'line') ? auth.username.slice(linePrefix.length) : null);
  const errors: Record<string, string[]> = {};
  if (settings.line && !lineConfigured()) errors['line'] = ['LINEでのお知らせは現在ご利用いただけません。'];
  else if (settings.line && !lineUserId)
    errors['line'] = ['LINEでのお知らせは、LINEでログインしたときに受け取れるようになります。'];
  if (settings.email && !user.email)
    errors['email'] = ['メールでのお知らせには、メールアドレスの登録が必要です。'];
  if (Object.keys(errors).length) throw validationFailed(errors);
  const stored = await reminderRepository.put({
    user_id: auth.userId,
    ...settings,
    line_user_id: lineUserId,
    unsubscribe_token: existing?.unsubscribe_token ?? newUnsubscribeToken(),
    updated_at: now.toISOString(),
  });
  if (!stored) throw conflict('お知らせの設定が同時に変更されました。もう一度お試しください。');
  return getReminderSettings(auth);
}

const newUnsubscribeToken = () => randomBytes(24).toString('base64url');

/** What a used, replaced or unknown unsubscribe link answers (404). */
const usedUnsubscribeLinkMessage =
  'この配信停止のリンクは使用済みか、無効です。お知らせの設定はマイページから変更できます。';

/**
 * The unsubscribe of every message (the page's button, or a mail client's one-click POST): both
 * channels off. The token is used up: the player gets a new one, which the next message carries, and
 * the used one answers 404 like an unknown one, as does a second use at the same time.
 */
export async function unsubscribeReminders(token: string, now: Date): Promise<{ unsubscribed: true }> {
  const userId = await reminderRepository.userOfToken(token);
  const existing = userId ? await reminderRepository.get(userId) : undefined;
  if (!existing || existing.unsubscribe_token !== token) throw notFound(usedUnsubscribeLinkMessage);
  const unsubscribed = await reminderRepository.unsubscribe(token, {
    ...existing,
    email: false,
    line: false,
    unsubscribe_token: newUnsubscribeToken(),
    updated_at: now.toISOString(),
  });
  if (!unsubscribed) throw notFound(usedUnsubscribeLinkMessage);
  return { unsubscribed: true };
}

/**
 * The header fields that give a reminder mail its mail client's unsubscribe button (RFC 2369): a
 * one-click POST to the API (RFC 8058) with the player's current token.
 */
function reminderMailHeaders(site: string, token: string): Record<string, string> {
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

/** Rounds of published tournaments whose reminder times were reached since the last run. */
async function dueRounds(since: string | null, now: Date): Promise<DueRound[]> {
  const nowIso = now.toISOString();
  return (await tournamentRepository.list())
    .filter((record) => !record.cancelled)
    .flatMap((record) =>
      record.rounds
        .filter((round) => !round.cancelled)
        .map((round) => ({
          record,
          round: round.round,
          deadline: round.deadline_at,
          hours: dueReminderHours(round.deadline_at, since, nowIso),
        })),
    )
    .filter((due) => due.hours.length > 0);
}

export interface ReminderRunResult {
  rounds: Array<{ game_global_id: string; round: number; hours_before: number[] }>;
  sent: Record<ReminderChannel, number>;
  failed: number;
}

/**
 * Sends the reminders due now. Idempotent: each message is claimed (a conditional write) before it is
 * sent, so running again, or two runs at once, sends nothing twice; a message that could not be sent
 * is given back for the next run. A run late by several reminder times sends one message (the
 * nearest time) and claims them all.
 */
export async function sendDueReminders(now: Date): Promise<ReminderRunResult> {
  const since = await reminderRepository.lastRun();
  const due = await dueRounds(since, now);
  const result: ReminderRunResult = { rounds: [], sent: { email: 0, line: 0 }, failed: 0 };
  if (due.length) {
    const subscribers = await reminderRepository.listSubscribers();
    const emails = await userRepository.emailsOf(subscribers.filter((s) => s.email).map((s) => s.user_id));
    for (const item of due) {
      result.rounds.push({
        game_global_id: item.record.game_global_id,
        round: item.round,
        hours_before: item.hours,
      });
      await remindRound(item, subscribers, emails, now, result);
    }
  }
  await reminderRepository.setLastRun(now.toISOString());
  return result;
}

/** A reminder to send: who, for which of the due times, and why. */
export interface ChosenReminder {
  subscriber: ReminderSubscription;
  hours: ReminderHours[];
  reason: 'no_team' | 'ineligible_pick';
}

/**
 * The subscribers of a due round who get a reminder: those who chose one of the due times and have no
 * team for the round, or a picked player who can no longer be picked. No data read: the job reads the
 * teams first (one batch read), so this stays one pass over the subscribers.
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

async function remindRound(
  due: DueRound,
  subscribers: ReminderSubscription[],
  emails: Map<string, string>,
  now: Date,
  result: ReminderRunResult,
) {
  const gid = due.record.game_global_id;
  const context = await loadRoundContext(due.record, due.round, { profiles: false });
  const teams = await teamRepository.getUsers(
    gid,
    due.round,
    subscribers.map((s) => s.user_id),
  );
  const site = config().SITE_URL;
  const chosen = chooseReminders(
    due.hours,
    subscribers,
    (userId) => teams.get(userId)?.picks.map((p) => p.player_id) ?? null,
    (id) => ineligibility(context.byId.get(id), due.round) === null,
  );
  for (const { subscriber, hours, reason } of chosen) {
    const message = reminderText({
      reason,
      tournamentName: due.record.tournament_name,
      round: due.round,
      deadlineText: formatTokyoDateTime(due.deadline),
      roundUrl: `${site}/schedule/round/${due.round}`,
      unsubscribeUrl: `${site}/reminders/unsubscribe/${subscriber.unsubscribe_token}`,
    });
    const channels: Array<[ReminderChannel, (() => Promise<void>) | null]> = [
      [
        'email',
        subscriber.email && emails.has(subscriber.user_id)
          ? () =>
              sendMail(
                {
                  to: emails.get(subscriber.user_id)!,
                  ...message,
                  headers: reminderMailHeaders(site, subscriber.unsubscribe_token),
                },
                now,
              )
          : null,
      ],
      [
        'line',
        subscriber.line && subscriber.line_user_id && lineConfigured()
          ? () => sendLine({ to: subscriber.line_user_id!, text: `${message.subject}\n${message.text}` }, now)
          : null,
      ],
    ];
    for (const [channel, send] of channels) {
      if (!send) continue;
      const claims = await Promise.all(
        hours.map((h) =>
          reminderRepository.claimMessage(
            { gameGlobalId: gid, round: due.round, userId: subscriber.user_id, hours: h, channel },
            now,
          ),
        ),
      );
      if (!claims.some(Boolean)) continue;
      try {
        await send();
        result.sent[channel]++;
      } catch {
        result.failed++;
        for (const [i, claimed] of claims.entries())
          if (claimed)
            await reminderRepository.releaseMessage({
              gameGlobalId: gid,
              round: due.round,
              userId: subscriber.user_id,
              hours: hours[i]!,
              channel,
            });
      }
    }
  }
}
