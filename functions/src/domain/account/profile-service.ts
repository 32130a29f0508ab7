/**
 * The player's profile (registration's necessary step, and later edits) and withdrawal.
 */
import type {
  ProfileConfirmResponse,
  ProfileForm,
  UserMeResponse,
  WithdrawalBody,
} from '@golf/shared/schemas/account';
import { guildRepository } from '../../db/repositories/guild-repository';
import { type UserRecord, userRepository } from '../../db/repositories/user-repository';
import { reminderRepository } from '../../db/repositories/reminder-repository';
import { identity } from '../../adapters/identity/identity-port';
import { conflict, notFound } from '../../lib/errors';
import { sideEffectFailed } from '../../lib/side-effects';
import { sendMail } from '../../adapters/mail';
import type { UploadedFile } from '../../lib/multipart';
import {
  attachUploadedImage,
  checkImageFile,
  checkUploadedImage,
  deleteUpload,
  publicUrl,
  storeImageFile,
} from '../../lib/uploads';
import { leaveGuild } from '../guild/guild-service';
import { accountMail } from './account-mail';
import { toMe } from './account-service';

async function requireUser(userId: string): Promise<UserRecord> {
  const user = await userRepository.getUser(userId);
  if (!user) throw notFound('ユーザーが見つかりません。');
  return user;
}

/**
 * The picture the form asks for: a new file (stored, or only checked on confirm), an uploaded
 * object's key, none (type 1), or the current one (no type given).
 */
async function resolveImage(
  form: ProfileForm,
  file: UploadedFile | undefined,
  user: UserRecord,
  store: boolean,
): Promise<string | null> {
  if (file && file.data.length > 0) {
    if (!store) {
      await checkImageFile(file, 'profile_img');
      return null;
    }
    return storeImageFile({ file, purpose: 'profile', userId: user.user_id, field: 'profile_img' });
  }
  if (form.profile_img_key)
    return (store ? attachUploadedImage : checkUploadedImage)({
      key: form.profile_img_key,
      purpose: 'profile',
      userId: user.user_id,
      field: 'profile_img_key',
    });
  if (form.profile_img_type === 1) return null;
  return user.profile_img_key;
}

/** POST /api/user/confirm: checks the form (and a picture) and answers it as it would be stored. */
export async function confirmProfile(
  userId: string,
  form: ProfileForm,
  file: UploadedFile | undefined,
): Promise<ProfileConfirmResponse> {
  const user = await requireUser(userId);
  const key = await resolveImage(form, file, user, false);
  const hasNewFile = Boolean(file && file.data.length > 0);
  return {
    nickname: form.nickname,
    gender: form.gender,
    age: form.age,
    address: form.address,
    golf_play_history: form.golf_play_history,
    profile_img_url: key ? publicUrl(key) : null,
    profile_img_type: hasNewFile || key ? 2 : 1,
  };
}

async function saveProfile(
  user: UserRecord,
  form: ProfileForm,
  file: UploadedFile | undefined,
  extra: Partial<UserRecord>,
  now: Date,
): Promise<UserMeResponse> {
  const profileImgKey = await resolveImage(form, file, user, true);
  const updated = await userRepository.updateUserFields(
    user.user_id,
    {
      nickname: form.nickname,
      gender: form.gender,
      age: form.age,
      address: form.address,
      golf_play_history: form.golf_play_history,
      profile_img_key: profileImgKey,
      ...extra,
    },
    now,
  );
  if (!updated) throw notFound('ユーザーが見つかりません。');
  return toMe(updated);
}

type ProfileEdit = (
  userId: string,
  form: ProfileForm,
  file: UploadedFile | undefined,
  now: Date,
) => Promise<UserMeResponse>;

/** A profile edit that `admit` allows (it throws when not), with the fields it adds. */
const profileEdit =
  (admit: (user: UserRecord) => Partial<UserRecord>): ProfileEdit =>
  async (userId, form, file, now) => {
    const user = await requireUser(userId);
    return saveProfile(user, form, file, admit(user), now);
  };

/** POST /api/user: registration's necessary step; the player's registration is then complete. */
export const registerProfile = profileEdit((user) => {
  if (user.status === 'complete') throw conflict('プロフィールは登録済みです。');
  if (!user.is_registed_email) throw conflict('先にメールアドレスを登録してください。');
  if (!user.is_accepted_policy) throw conflict('先に利用規約に同意してください。');
  return { status: 'complete' };
});

/** POST /api/user/profile: edits a complete profile. */
export const updateProfile = profileEdit((user) => {
  if (user.status !== 'complete') throw conflict('先に会員登録を完了してください。');
  return {};
});

/**
 * POST /api/user/withdrawal: leaves the guild (handing it over when owner), deletes the picture,
 * the profile, prizes' claim addresses, the reminder settings with their unsubscribe link and the login, and signs this token out. Teams and scores
 * stay, so rankings keep the entry, shown as withdrawn. A replay finds the token signed out.
 */
export async function withdraw(
  auth: { userId: string; tokenId: string; expiresAt: number },
  body: WithdrawalBody,
  now: Date,
): Promise<{ message: string }> {
  const user = await requireUser(auth.userId);
  const membership = await guildRepository.getMembership(user.user_id);
  if (membership) await leaveGuild({ userId: user.user_id, guildId: membership.guild_id, now });
  if (user.profile_img_key) {
    await deleteUpload(user.profile_img_key).catch((error: unknown) =>
      sideEffectFailed('profile_image_delete', error),
    );
  }
  const reminders = await reminderRepository.get(user.user_id);
  if (reminders) await reminderRepository.remove(reminders);
  // The sign-ins first: should this fail, the player can ask again, their data still there.
  await identity().removeLogins(user.user_id);
  await userRepository.deleteUserData({
    userId: user.user_id,
    email: user.email,
    socialLogins: user.social_logins ?? [],
    reason: body.reason ?? null,
    now,
  });
  await userRepository.revokeToken(auth.tokenId, auth.expiresAt);
  if (user.email) await sendMail(accountMail.withdrawn(user.email), now);
  return { message: '退会手続きが完了しました。' };
}
