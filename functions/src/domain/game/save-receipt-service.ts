/**
 * The receipt of every team save. The round page shows the stored save time and the 4 players from
 * the round view; a player who opted in on my page also gets it by e-mail, through the mail port. The
 * save itself never fails on the receipt: a mail that cannot be sent is logged and the save stands.
 */
import { saveReceiptText } from '@golf/shared/game/save-receipt';
import type { SaveReceiptSettings, SaveReceiptSettingsView } from '@golf/shared/schemas/save-receipt';
import { guildRepository } from '../../db/repositories/guild-repository';
import { saveReceiptRepository } from '../../db/repositories/save-receipt-repository';
import type { TeamRecord } from '../../db/repositories/team-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { userRepository } from '../../db/repositories/user-repository';
import { config } from '../../lib/config';
import { notFound, validationFailed } from '../../lib/errors';
import { errorText, logger } from '../../lib/logger';
import { sendMail } from '../../adapters/mail';
import { postTeamSaved } from '../guild/team-posts';
import { recordMetric } from '../../lib/metrics';

export async function getSaveReceiptSettings(userId: string): Promise<SaveReceiptSettingsView> {
  const [email, user] = await Promise.all([
    saveReceiptRepository.emailOn(userId),
    userRepository.getUser(userId),
  ]);
  return { email, email_available: Boolean(user?.email) };
}

export async function updateSaveReceiptSettings(
  userId: string,
  settings: SaveReceiptSettings,
  now: Date,
): Promise<SaveReceiptSettingsView> {
  const user = await userRepository.getUser(userId);
  if (!user) throw notFound('ユーザーが見つかりません。');
  if (settings.email && !user.email)
    throw validationFailed({ email: ['保存の控えメールには、メールアドレスの登録が必要です。'] });
  await saveReceiptRepository.put(userId, settings.email, now);
  return { email: settings.email, email_available: Boolean(user.email) };
}

/**
 * Mails the receipt when this request stored the team (its last save is this request's instant: an
 * identical line-up saved again changes nothing and sends nothing) and the player opted in.
 */
export async function mailSaveReceipt(
  team: TeamRecord | null,
  now: Date,
  emailOn?: Promise<boolean | undefined>,
): Promise<void> {
  if (!team || team.last_saved_at !== now.toISOString()) return;
  try {
    if (!((await emailOn) ?? (await saveReceiptRepository.emailOn(team.user_id)))) return;
    const [user, record, field] = await Promise.all([
      userRepository.getUser(team.user_id),
      tournamentRepository.get(team.game_global_id),
      tournamentRepository.field(team.game_global_id),
    ]);
    if (!user?.email || !record) return;
    const names = new Map(field.map((entry) => [entry.player_id, entry.name]));
    const site = config().SITE_URL;
    const message = saveReceiptText({
      tournamentName: record.tournament_name,
      round: team.round,
      lastSavedAt: team.last_saved_at,
      picks: team.picks.map((pick) => ({
        slot: pick.slot,
        name: names.get(pick.player_id) ?? pick.player_id,
        auto: pick.auto,
      })),
      roundUrl: `${site}/schedule/round/${team.round}`,
      settingsUrl: `${site}/mypage`,
    });
    await sendMail({ to: user.email, ...message }, now);
  } catch (error) {
    logger.warn('save receipt not sent', {
      user_id: team.user_id,
      error: errorText(error),
    });
  }
}

/**
 * The team `save` stored, once its receipt is mailed and the player's guild is told (guild-posts.ts).
 * Neither ever fails the save. Whether the player wants the mail and which guild they are in are read
 * while the save runs, so that a save answers one database round trip after its write instead of
 * two; a read that fails there is tried again after the save.
 */
export async function withSaveReceipt<T extends TeamRecord | null>(
  userId: string,
  save: Promise<T>,
  now: Date,
): Promise<T> {
  const emailOn = saveReceiptRepository.emailOn(userId).catch(() => undefined);
  const membership = guildRepository.getMembership(userId).then(
    (found) => found ?? null,
    () => undefined,
  );
  const team = await save;
  recordMetric('TeamSaves');
  await Promise.all([mailSaveReceipt(team, now, emailOn), postTeamSaved(team, now, membership)]);
  return team;
}
