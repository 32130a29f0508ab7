import { screen, waitFor } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import type { SiteConfig } from '@golf/shared/site-config';
import { afterEach, describe, expect, it } from 'vitest';
import { openApp, waitForPath } from './render-app';

/**
 * The account screens that need no mail or sign-in provider: the sign-in buttons the deployment
 * enables and a broken mail link. The journeys through the mailbox and the providers' stand-ins
 * are browser journeys (tests/e2e/accounts.test.ts, tests/e2e/auth-social.test.ts).
 */
const user = () => userEvent.setup();
const siteConfigHolder = globalThis as { __SITE_CONFIG__?: SiteConfig };
afterEach(() => {
  delete siteConfigHolder.__SITE_CONFIG__;
});

describe('social sign-in buttons', () => {
  it('shows the buttons of the providers the deployment enables only, and none when it enables none', async () => {
    const buttonsWith = async (socialProviders: Array<'google' | 'line'>) => {
      // The deployment's /site-config.js (the web stack writes it from the context socialProviders).
      siteConfigHolder.__SITE_CONFIG__ = { launchGate: false, socialProviders };
      await openApp('/login');
      await screen.findByRole('heading', { name: 'メールアドレスでログイン' });
      return screen.queryAllByRole('button', { name: /でログイン$/ }).map((button) => button.textContent);
    };
    expect(await buttonsWith(['google'])).toEqual(['Googleでログイン']);
    expect(await buttonsWith(['line', 'google'])).toEqual(['Googleでログイン', 'LINEでログイン']);
    expect(await buttonsWith([])).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'SNSアカウントでログイン' })).toBeNull();
  });
});

describe('mail links', () => {
  it('shows a clear message for a broken verification link', async () => {
    await openApp(`/register/verify?token=${'Z'.repeat(43)}`);
    const error = await screen.findByTestId('link-error');
    await waitFor(() => expect(error.textContent).toContain('無効か、すでに使用されています'));
    await user().click(screen.getByRole('link', { name: 'もう一度登録する' }));
    await waitForPath('/register');
  });
});
