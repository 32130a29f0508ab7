import { describe, expect, it } from 'vitest';
import { routeList } from '../../shared/src/contracts';
import { signUpStepRoutes } from '../../shared/src/routes/sign-up-steps';
import { userRepository } from '../../functions/src/db/repositories/user-repository';
import { newPlayer } from '../../functions/src/domain/account/account-service';
import { newSocialUser } from '../../functions/src/domain/account/social-service';
import { registrationRequiredMessage } from '../../functions/src/adapters/http-handler';
import { api, tokenFor } from './support/api';

type ErrorBody = { message: string; code: string };
const run = Date.now().toString(36);

/** Any value fits a path parameter here: the sign-up check runs before the input is validated. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '1');

async function playerAt(name: string, fields: Parameters<typeof newPlayer>[2]) {
  const id = `signup-${name}-${run}`;
  await userRepository.createUserIfAbsent(newPlayer(id, new Date(), fields));
  return tokenFor(id, [], { player: false });
}

describe('sign-up steps on the API', () => {
  const playersRoutes = routeList().filter(
    (route) => route.access === 'user' && !signUpStepRoutes.has(route.name),
  );

  it.each([
    ['a social player without an e-mail', () => playerAt('social', newSocialUser('x', new Date()))],
    ['a player who has not accepted the policy', () => playerAt('policy', { is_registed_email: true })],
    [
      'a player without the profile',
      () =>
        playerAt('profile', {
          is_registed_email: true,
          is_accepted_policy: true,
          status: 'required_not_enter',
        }),
    ],
    ['an id with no player record', () => tokenFor(`signup-none-${run}`, [], { player: false })],
  ])('refuses every player route to %s (403), and keeps the sign-up steps open', async (_, token) => {
    const bearer = await token();
    for (const route of playersRoutes) {
      const result = await api<ErrorBody>(route.method, concrete(route.path), {
        token: bearer,
        ...(route.method === 'GET' ? {} : { body: {} }),
      });
      expect(result.status, `${route.method} ${route.path}`).toBe(403);
      expect(result.body).toEqual({ code: 'registration_required', message: registrationRequiredMessage });
    }
    const me = await api('GET', '/api/user/me', { token: bearer });
    expect(me.status).not.toBe(403);
  });

  it('lets a complete player through', async () => {
    const token = await tokenFor(`signup-done-${run}`);
    const mine = await api('GET', '/api/golf/guild/mine', { token });
    expect(mine.status).toBe(200);
  });

  it('lists only signed-in routes that exist among the sign-up steps', () => {
    const names = new Map(routeList().map((route) => [route.name, route.access]));
    for (const name of signUpStepRoutes) expect(names.get(name), name).toBe('user');
  });
});
