/**
 * A player's reminder settings (my page) and the unsubscribe of every message: which channels, which
 * times, the LINE account a LINE sign-in links, and the one-use unsubscribe token a mail carries.
 */
import { randomBytes } from 'node:crypto';
import { defaultReminderSettings } from '@golf/shared/game/reminders';
import type { ReminderSettings } from '@golf/shared/schemas/reminders';
import { federatedSubject } from '@golf/shared/schemas/social';
import { reminderRepository, type ReminderSubscription } from '../../db/repositories/reminder-repository';
import { type UserRecord, userRepository } from '../../db/repositories/user-repository';
import type { AuthContext } from '../../lib/auth';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { lineConfigured } from '../../adapters/line';

export interface ReminderSettingsView extends ReminderSettings {
  /** The account is linked to LINE, so LINE reminders can reach them. */
  line_available: boolean;
  /** An e-mail address is registered, so e-mail reminders can reach them. */
  email_available: boolean;
}

/**
 * The LINE user the player's reminders go to: the one linked before, else the LINE account the player
 * signs in with, as the account keeps it (linked at a LINE sign-in through the API's own LINE Login,
 * or, before it, through the user pool's federation; whatever session this is: after a LINE sign-up
 * the e-mail step's session is not a LINE one), or as this session shows it (a federated session
 * from before the account kept its links).
 */
const lineUserOf = (
  auth: AuthContext,
  user: UserRecord | null,
  subscription: ReminderSubscription | undefined,
): string | null =>
  subscription?.line_user_id ??
  user?.social_logins?.find((link) => link.provider === 'line')?.subject ??
  user?.linked_accounts?.line ??
  federatedSubject(auth.username, 'line');

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
    line_available: lineConfigured() && Boolean(lineUserOf(auth, user, subscription)),
    email_available: Boolean(user?.email),
  };
}

/** Stores a player's choice. LINE needs an account linked to LINE; e-mail needs an address. */
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
  const lineUserId = lineUserOf(auth, user, existing);
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
