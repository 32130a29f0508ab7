/**
 * Sample users: `sample-user-0001`..`0300`, complete profiles with the policy accepted, plus the two
 * documented log-ins: player@example.com / golf-pass-1 (sample-user-0001) and
 * operator@example.com / golf-ops-1 (sample-operator, in the `operators` group, with its
 * authenticator app already set up on `sampleOperatorTotpSecret`). Passwords are hashed at the scrypt
 * cost of a password a player sets.
 */
import { createHash } from 'node:crypto';
import { masterLists } from '@golf/shared/master/static-lists';
import { loginItem, userItem, type UserRecord } from '../../functions/src/db/repositories/user-repository';
import { hashPasswordSync } from '../../functions/src/adapters/identity/password';
import { familyNames, givenNames } from './names';
import { SeededRandom } from './random';
import { sampleUserId } from './teams';

/**
 * The sample operator's TOTP secret (base32), fixed so that a person trying the console locally adds
 * it to an authenticator app once (`npm start` prints it; README, "Running it locally"). Known to
 * everyone: the local stack's sample only.
 */
export const sampleOperatorTotpSecret = 'GOLFDREAMTEAMSAMPLEOPERATOR23456';

const sampleLogins = [
  { email: 'player@example.com', password: 'golf-pass-1', userId: sampleUserId(1), groups: [] as string[] },
  { email: 'operator@example.com', password: 'golf-ops-1', userId: 'sample-operator', groups: ['operators'] },
] as const;

const nicknameSuffixes = ['', 'ゴルフ', 'プロ', '@週末', 'ちゃん', 'さん', '部長', '29'];

const optionValue = (random: SeededRandom, list: ReadonlyArray<{ value: string }>) =>
  Number(random.pick(list).value);

export function sampleUserItems(now: Date): Record<string, unknown>[] {
  const random = new SeededRandom(4_2026);
  const at = now.toISOString();
  // The sample players signed up before the season, so none of them joined a tournament late.
  const registeredAt = new Date(now.getTime() - 400 * 86_400_000).toISOString();
  const user = (userId: string, nickname: string, email: string | null): UserRecord => ({
    user_id: userId,
    email,
    nickname,
    gender: optionValue(random, masterLists.gender),
    age: optionValue(random, masterLists.age),
    address: optionValue(random, masterLists.prefecture),
    golf_play_history: optionValue(random, masterLists.golf_play_history),
    profile_img_key: null,
    is_copy_next_round: random.chance(0.3),
    tutorial_flg: true,
    is_registed_email: email !== null,
    is_accepted_policy: true,
    status: 'complete',
    created_at: registeredAt,
    updated_at: at,
  });
  const items: Record<string, unknown>[] = [];
  for (let n = 1; n <= 300; n++) {
    const [family] = random.pick(familyNames);
    const [given] = random.pick(givenNames);
    const nickname = random.chance(0.5)
      ? `${family}${random.pick(nicknameSuffixes)}`
      : `${given}${random.pick(nicknameSuffixes)}`;
    items.push(
      // Every sample player is registered ('complete' needs a registered e-mail, or the guards send
      // them to /register/mail); only the first can log in with a password.
      userItem(
        user(
          sampleUserId(n),
          nickname.slice(0, 20),
          n === 1 ? sampleLogins[0].email : `${sampleUserId(n)}@example.com`,
        ),
      ),
    );
  }
  items.push(userItem(user('sample-operator', '運営スタッフ', sampleLogins[1].email)));
  for (const login of sampleLogins) {
    // A deterministic salt keeps the seed reproducible; the cost is a player's own (a login takes as long).
    const salt = createHash('sha256').update(`seed-salt:${login.email}`).digest().subarray(0, 16);
    items.push(
      loginItem({
        email: login.email,
        user_id: login.userId,
        password_hash: hashPasswordSync(login.password, salt),
        groups: [...login.groups],
        ...(login.groups.length > 0 ? { totp_secret: sampleOperatorTotpSecret, totp_last_step: 0 } : {}),
      }),
    );
  }
  return items;
}
