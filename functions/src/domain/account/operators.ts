/**
 * Operators: players registered by e-mail whom the group `operators` holds. In AWS the group is the
 * user pool's (`npm run ops -- create-operator` adds a user with the deployer's AWS credentials); on
 * the local stack it is the login's `groups`, which the local sign-in puts into the token.
 */
import { userRepository } from '../../db/repositories/user-repository';
import { notFound } from '../../lib/errors';

const OPERATOR_GROUP = 'operators';

export async function makeOperator(
  email: string,
): Promise<{ user_id: string; email: string; already_done: boolean }> {
  const outcome = await userRepository.addLoginGroup(email, OPERATOR_GROUP);
  const login = outcome === 'missing' ? null : await userRepository.getLogin(email);
  if (!login)
    throw notFound(
      'このメールアドレスで登録したプレイヤーはいません。先にメールアドレスで会員登録してください。',
    );
  return { user_id: login.user_id, email: login.email, already_done: outcome === 'already' };
}
