import { screen, waitFor } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import type { SiteConfig } from '@golf/shared/site-config';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '@/app';
import type { ScreenPlayer } from './players';
import { openApp, playerToken, waitForPath } from './render-app';
import {
  address,
  callApi,
  catchPageLoads,
  fill,
  label,
  registerAccount,
  watchCookieWrites,
} from './support/accounts';

/**
 * Logging in and out, and where the guards send a visitor or an unfinished player (spec sections
 * 4 and 6), against the sample season's API.
 */
const user = () => userEvent.setup();
const search = (name: string) => new URL(location.href).searchParams.get(name);
const hasTokenCookie = () => /(^|;\s*)token=/.test(document.cookie);

/** Waits until the router has settled on a page (guards and loaders done). */
async function settled(app: RunningApp): Promise<void> {
  await waitFor(() => {
    expect(app.router.state.status).toBe('idle');
    expect(app.router.state.isLoading).toBe(false);
    expect(document.querySelector('main')?.childElementCount).toBeGreaterThan(0);
  });
}

const siteConfigHolder = globalThis as { __SITE_CONFIG__?: SiteConfig };
afterEach(() => {
  delete siteConfigHolder.__SITE_CONFIG__;
});

describe('log in and out', () => {
  const email = address('login');
  const password = 'login-pass-1';

  beforeAll(async () => {
    await registerAccount(email, password, 'ログイン太郎');
  });

  it('logs a player in, returns to ?to= and sets the cookie', async () => {
    await openApp('/mypage');
    await waitForPath('/login');
    expect(search('to')).toBe('/mypage');

    const loads = catchPageLoads();
    const cookies = watchCookieWrites();
    try {
      await fill(await screen.findByRole('textbox', { name: label('メールアドレス') }), email);
      const passwordField = document.querySelector<HTMLInputElement>('input[type=password]')!;
      await fill(passwordField, 'wrong-password');
      await user().click(screen.getByRole('button', { name: 'ログイン' }));
      const error = await screen.findByTestId('login-error');
      expect(error.textContent).toMatch(/メールアドレスまたはパスワード/);

      await fill(passwordField, password);
      await user().click(screen.getByRole('button', { name: 'ログイン' }));
      // The login goes on to ?to= by a page load.
      expect(await loads.next()).toBe('/mypage');
    } finally {
      cookies.stop();
    }
    const attributes = cookies.written.find((cookie) => cookie.startsWith('token='))!.split('; ');
    expect(attributes).toContain('path=/');
    expect(attributes).toContain('SameSite=Lax');
    // Plain http on loopback: not Secure, as the local stack serves it.
    expect(attributes).not.toContain('Secure');
    const expires = attributes.find((attribute) => attribute.startsWith('expires='))!.slice(8);
    expect(new Date(expires).getTime()).toBeGreaterThan(Date.now() + 3_600_000);
    await openApp('/mypage');
    await screen.findByTestId('mypage-nickname');
  });

  it('logs out to /, ending the session on the server', async () => {
    const login = await callApi('/api/auth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    document.cookie = `token=${token}; path=/`;
    await openApp('/logout');
    await waitForPath('/');
    await waitFor(() => expect(hasTokenCookie()).toBe(false));
    expect((await callApi('/api/user/me', { token })).status).toBe(401);
    await openApp('/mypage');
    await waitForPath('/login');
  });

  it('shows field errors, and the message for an invalidated token', async () => {
    await openApp('/login?token=invalid');
    await screen.findByTestId('login-token-invalid');
    await user().click(screen.getByRole('button', { name: 'ログイン' }));
    await waitFor(() => expect(document.querySelectorAll('.form-field__error')).toHaveLength(2));
  });

  it('a 401 while signed in logs out and goes to /login?token=invalid', async () => {
    await openApp('/mypage', { as: 'accountsRevoked' });
    await screen.findByTestId('mypage-nickname');
    const toggle = await screen.findByRole('switch', { name: /次のラウンドに引き継ぐ/ });
    await screen.findByTestId('my-score');
    const revoke = await callApi('/api/auth/token', {
      method: 'DELETE',
      token: playerToken('accountsRevoked'),
    });
    expect(revoke.status).toBe(204);
    await user().click(toggle);
    await waitFor(() => {
      expect(location.pathname).toBe('/login');
      expect(search('token')).toBe('invalid');
    });
    await screen.findByTestId('login-token-invalid');
    expect(hasTokenCookie()).toBe(false);
  });

  it('a token refused at start-up leaves the player signed out', async () => {
    document.cookie = 'token=not-a-token; path=/';
    await openApp('/guild');
    await waitForPath('/login');
    expect(search('to')).toBe('/guild');
  });
});

describe('guard redirects (spec sections 4 and 6)', () => {
  it('sends visitors to /login?to= with the full path and query', async () => {
    await openApp('/schedule/round/2?game_global_id=abc');
    await waitForPath('/login');
    expect(search('to')).toBe('/schedule/round/2?game_global_id=abc');
    const app = await openApp('/faq');
    await settled(app);
    expect(location.pathname).toBe('/faq');
  });

  it.each([
    ['policy not accepted', 'accountsNoPolicy', '/mypage', '/register/terms'],
    ['necessary profile missing', 'accountsNoProfile', '/gametop', '/register/necessary'],
    ['no registered e-mail', 'accountsNoEmail', '/mypage', '/register/mail'],
    ['registered e-mail on /register/mail', 'player', '/register/mail', '/'],
  ] as const satisfies ReadonlyArray<readonly [string, ScreenPlayer, string, string]>)(
    '%s: %s on %s goes to %s',
    async (_name, player, from, to) => {
      await openApp(from, { as: player });
      await waitForPath(to);
    },
  );

  it('lets a player without a registered e-mail read the allowed pages', async () => {
    for (const path of ['/terms', '/faq', '/privacy-policy', '/contact']) {
      const app = await openApp(path, { as: 'accountsNoEmail' });
      await settled(app);
      expect(location.pathname, path).toBe(path);
    }
  });

  it('shows the coming-soon page', async () => {
    await openApp('/coming-soon');
    await screen.findByRole('heading', { name: 'COMING SOON' });
    expect(screen.getAllByText('まもなくオープンします。')).toHaveLength(1);
  });

  it('with the launch gate on, sends every page off its whitelist to /coming-soon', async () => {
    // The deployment's /site-config.js with the gate on (the sample stack serves it off).
    siteConfigHolder.__SITE_CONFIG__ = { launchGate: true };
    for (const path of ['/', '/gametop', '/register', '/ranking/golf/personal', '/prize/game/abc']) {
      await openApp(path);
      await waitForPath('/coming-soon');
    }
    // The whitelist, with numeric segments read as an id and 2023 kept as it is; sign-in stays open
    // (and the console after it) so that operators prepare the season before the opening.
    for (const path of [
      '/login',
      '/terms',
      '/faq',
      '/prize',
      '/prize/game/12',
      '/prize/yearly/3',
      '/campaign/gdo_2023',
    ]) {
      const app = await openApp(path);
      await settled(app);
      expect(location.pathname, path).toBe(path);
    }
    await openApp('/campaign/gdo_2024');
    await waitForPath('/coming-soon');
    await openApp('/ops');
    await waitForPath('/login');
  });
});
