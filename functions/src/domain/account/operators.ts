/**
 * Operators: players registered by e-mail whom the group `operators` holds. In AWS the group is the
 * user pool's (`npm run ops -- create-operator` adds a user with the deployer's AWS credentials); on
 * the local stack it is the login's `groups`, which the local sign-in puts into the token.
 */
import { userRepository } from '../../db/repositories/user-repository';
import { conflict, notFound } from '../../lib/errors';

export const OPERATOR_GROUP = 'operators';

const providerOnlyMessage =
  'このプレイヤーはSNSのアカウントでログインしているため、運営者にしても運営コンソールを使えません。メールアドレスとパスワードでログインできるプレイヤーを指定してください。';

/**
 * Refuses a player who signs in only with a provider: that sign-in's token never carries the login's
 * groups, so the console would stay closed to them.
 */
export async function makeOperator(
  email: string,
): Promise<{ user_id: string; email: string; already_done: boolean }> {
  const missing = () =>
    notFound('このメールアドレスで登録したプレイヤーはいません。先にメールアドレスで会員登録してください。');
  const found = await userRepository.getLogin(email);
  if (!found) throw missing();
  if (!found.password_hash) throw conflict(providerOnlyMessage);
  const outcome = await userRepository.addLoginGroup(email, OPERATOR_GROUP);
  const login = outcome === 'missing' ? null : await userRepository.getLogin(email);
  if (!login) throw missing();
  return { user_id: login.user_id, email: login.email, already_done: outcome === 'already' };
}
