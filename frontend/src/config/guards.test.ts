import { enabledSocialProviders, siteConfigScript } from '@golf/shared/site-config';
import { describe, expect, it } from 'vitest';
import {
  guardRedirect,
  launchGateFromEnv,
  launchGateSetting,
  normaliseForLaunchGate,
  safeReturnPath,
  type GuardState,
  type GuardUser,
} from './guards';

const visitor: GuardState = { isAuthenticated: false, user: null };
const signedIn = (user: GuardUser): GuardState => ({ isAuthenticated: true, user });
const complete = signedIn({ status: 'complete', is_registed_email: true, is_accepted_policy: true });
const socialNew = signedIn({ status: 'mail_verify', is_registed_email: false, is_accepted_policy: false });
const policyPending = signedIn({
  status: 'required_not_enter',
  is_registed_email: true,
  is_accepted_policy: false,
});
const necessaryPending = signedIn({
  status: 'required_not_enter',
  is_registed_email: true,
  is_accepted_policy: true,
});
const gateOff = { launchGate: false };
const gateOn = { launchGate: true };

/** A location; whether its page is open to visitors is the route's own (pages.test.ts checks those). */
const at = (href: string, visitorAllowed = true) => ({
  pathname: href.split(/[?#]/)[0]!,
  href,
  visitorAllowed,
});

describe('registration-state redirects (spec section 4)', () => {
  it.each<[string, GuardState, string, string | null]>([
    ['complete player anywhere', complete, '/mypage', null],
    ['complete player on /register/mail', complete, '/register/mail', '/'],
    ['complete player on /register/mail/send', complete, '/register/mail/send', '/'],
    ['complete player on /register/mail/complete', complete, '/register/mail/complete', '/'],
    ['complete player on /register/terms', complete, '/register/terms', null],
    ['policy not accepted', policyPending, '/mypage', '/register/terms'],
    ['policy not accepted, on the step', policyPending, '/register/terms', null],
    ['policy not accepted, reading the terms', policyPending, '/terms', null],
    ['policy not accepted, logging out', policyPending, '/logout', null],
    ['policy not accepted, on /register/necessary', policyPending, '/register/necessary', '/register/terms'],
    ['mail_verify is never sent to terms', socialNew, '/register/mail', null],
    ['necessary missing', necessaryPending, '/gametop', '/register/necessary'],
    ['necessary missing, on the step', necessaryPending, '/register/necessary', null],
    ['necessary missing, confirming', necessaryPending, '/register/confirm', null],
    ['necessary missing, logging out', necessaryPending, '/logout', null],
    ['no e-mail, top page', socialNew, '/', '/register/mail'],
    ['no e-mail, my page', socialNew, '/mypage', '/register/mail'],
    ['no e-mail, terms', socialNew, '/terms', null],
    ['no e-mail, faq', socialNew, '/faq', null],
    ['no e-mail, contact', socialNew, '/contact', null],
    ['no e-mail, contact confirm', socialNew, '/contact/confirm', null],
    ['no e-mail, privacy', socialNew, '/privacy-policy', null],
    ['no e-mail, logout', socialNew, '/logout', null],
    ['no e-mail, register step', socialNew, '/register/mail/send', null],
    ['no e-mail, register verify', socialNew, '/register/verify', null],
    ['no e-mail, the e-mail link', socialNew, '/settings/mail/change', null],
    [
      'no e-mail and not mail_verify: policy first',
      signedIn({ status: 'required_not_enter', is_registed_email: false, is_accepted_policy: false }),
      '/mypage',
      '/register/terms',
    ],
    ['signed in, user not loaded yet', { isAuthenticated: true, user: null }, '/mypage', null],
  ])('%s', (_name, state, path, to) => {
    expect(guardRedirect(at(path), state, gateOff)).toBe(to);
  });
});

describe('launch gate', () => {
  it.each<[string, string]>([
    ['/', '/'],
    ['/prize/game/12', '/prize/game/:id'],
    ['/guild/345/chat', '/guild/:id/chat'],
    ['/ranking/2023', '/ranking/2023'],
    ['/campaign/gdo_2023', '/campaign/gdo_2023'],
    ['/prize/yearly/7/', '/prize/yearly/:id'],
  ])('normalises %s to %s', (path, normalised) => {
    expect(normaliseForLaunchGate(path)).toBe(normalised);
  });

  it.each<[string, GuardState, string | null]>([
    ['/coming-soon', visitor, null],
    ['/terms', visitor, null],
    ['/contact/confirm', visitor, null],
    ['/campaign/gdo_2023', visitor, null],
    ['/prize/game/12', visitor, null],
    ['/', visitor, '/coming-soon'],
    ['/login', visitor, null],
    ['/login/line/callback', visitor, null],
    ['/ops/results', complete, null],
    ['/logout', complete, null],
    ['/howto', complete, '/coming-soon'],
    ['/gametop', complete, '/coming-soon'],
    ['/mypage', visitor, '/coming-soon'],
    ['/guild/3/show', complete, '/coming-soon'],
  ])('with the gate on, %s goes to %s', (path, state, to) => {
    expect(guardRedirect(at(path), state, gateOn)).toBe(to);
  });

  it('lets the console through the gate but not past the visitor guard', () => {
    expect(guardRedirect(at('/ops', false), visitor, gateOn)).toBe('/login?to=%2Fops');
  });

  it('is off unless configured', () => {
    expect(launchGateSetting('on', { launchGate: false })).toBe(false);
    expect(launchGateSetting(undefined, { launchGate: true })).toBe(true);
    expect(launchGateSetting('on', undefined)).toBe(true);
    expect(launchGateSetting('on', {})).toBe(true);
    expect(siteConfigScript({ launchGate: true })).toBe('window.__SITE_CONFIG__ = {"launchGate":true};\n');
    expect(launchGateFromEnv(undefined)).toBe(false);
    expect(launchGateFromEnv('off')).toBe(false);
    expect(launchGateFromEnv('on')).toBe(true);
    expect(guardRedirect(at('/'), visitor, gateOff)).toBeNull();
  });
});

describe('enabledSocialProviders', () => {
  it('shows the providers the site names, in the usual order, and none when it names none', () => {
    expect(enabledSocialProviders({ socialProviders: ['apple', 'google'] })).toEqual(['google', 'apple']);
    expect(enabledSocialProviders({ socialProviders: [] })).toEqual([]);
    expect(enabledSocialProviders({ launchGate: true })).toEqual([]);
    expect(enabledSocialProviders(undefined)).toEqual([]);
  });
});

describe('safeReturnPath', () => {
  it.each<[unknown, string]>([
    ['/mypage', '/mypage'],
    ['/schedule/round/2?x=1', '/schedule/round/2?x=1'],
    ['//evil.example', '/'],
    ['https://evil.example', '/'],
    ['/\\evil.example', '/'],
    // The browser drops tabs and line breaks from a URL: the check must see the URL it makes.
    ['/\t/evil.example/', '/'],
    ['/\r\n/evil.example/', '/'],
    ['/\n/evil.example', '/'],
    ['\\/evil.example', '/'],
    ['/.//evil.example', '/'],
    ['/%2F/evil.example', '/%2F/evil.example'],
    ['/guild/1#chat', '/guild/1#chat'],
    [undefined, '/'],
    [3, '/'],
  ])('%s -> %s', (to, path) => {
    expect(safeReturnPath(to)).toBe(path);
  });
});
