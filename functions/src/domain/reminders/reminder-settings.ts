/**
 * A player's reminder settings (my page) and the unsubscribe of every message: which channels, which
 * times, the LINE account a LINE sign-in links, and the one-use unsubscribe token a mail carries.
 */
import { randomBytes } from 'node:crypto';
import { defaultReminderSettings, type ReminderSettings } from '@golf/shared/game/reminders';
import { isFederatedUsername, socialProviderInfo } from '@golf/shared/schemas/social';
import { reminderRepository, type ReminderSubscription } from '../../db/repositories/reminder-repository';
import { type UserRecord, userRepository } from '../../db/repositories/user-repository';
import type { AuthContext } from '../../lib/auth';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { lineConfigured } from '../../adapters/line';

export interface ReminderSettingsView extends ReminderSettings {
  /** The player signed in with LINE, so LINE reminders can reach them. */
  line_available: boolean;
  /** An e-mail address is registered, so e-mail reminders can reach them. */
  email_available: boolean;
}

const linePrefix = `${socialProviderInfo.line.cognitoName}_`;

/**
 * The LINE account the player signs in with: linked at their LINE sign-in, or, in a token the user
 * pool's LINE federation issued before the API ran LINE's sign-in, in its username.
 */
const lineAccountOf = (user: UserRecord | null, auth: AuthContext): string | null =>
  user?.social_logins?.find((link) => link.provider === 'line')?.subject ??
  (isFederatedUsername(auth.username, 'line') ? auth.username.slice(linePrefix.length) : null);

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
    line_available: lineConfigured() && Boolean(subscription?.line_user_id ?? lineAccountOf(user, auth)),
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
  const lineUserId = existing?.line_user_id ?? lineAccountOf(user, auth);
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
