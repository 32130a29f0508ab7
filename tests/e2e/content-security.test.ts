import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { resetConfig } from '../../functions/src/lib/config';
import { baseUrl, closeChecked, newPage, useBrowser } from './support/browser';
import { createPlayer } from './support/users';

for (const [name, value] of Object.entries(inject('stackEnv'))) process.env[name] = value;
resetConfig();

const browser = useBrowser();

/** Every CSP violation the page reports, recorded from before its first script runs. */
const recordViolations = `(() => {
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations.push(event.violatedDirective + ' ' + (event.blockedURI || 'inline') + ' ' + (event.sample || ''));
  });
})()`;

// A visitor's screens, then a signed-in player's, each with what shows that it has rendered.
const visitorScreens = [
  { path: '/', ready: '.hero' },
  { path: '/login', ready: 'main h1, main h2' },
  { path: '/faq', ready: '.document-prose' },
  { path: '/howto', ready: 'main h1, main h2' },
] as const;
const playerScreens = [
  { path: '/mypage', ready: '[data-testid="my-score"]' },
  { path: '/schedule/round/4', ready: '[data-testid="slot-1"]' },
  { path: '/schedule/round/4/draft/1/advanced', ready: '[data-testid="field-player"]' },
  { path: '/ranking/golf/personal', ready: '[data-testid="ranking-row"]' },
  { path: '/guild/list', ready: '[data-testid="guild-card"]' },
] as const;

describe('the content security policy', () => {
  it('finding 8: no screen reports a CSP violation under a style-src without unsafe-inline', async () => {
    const session = await newPage(browser());
    const { page } = session;
    await session.context.addInitScript(recordViolations);
    const found: Record<string, unknown> = {};
    const visit = async (screen: { path: string; ready: string }) => {
      const answer = await page.goto(screen.path);
      expect(answer?.headers()['content-security-policy']).not.toContain('unsafe-inline');
      // Attached is enough: a collapsed answer's HTML is parsed (and checked) all the same.
      await page.locator(screen.ready).first().waitFor({ state: 'attached' });
      const violations = (await page.evaluate('window.__cspViolations')) as string[];
      if (violations.length > 0) found[screen.path] = violations;
    };
    for (const screen of visitorScreens) await visit(screen);
    const { token } = await createPlayer(`e2e-csp-${Date.now()}`);
    await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);
    for (const screen of playerScreens) await visit(screen);
    expect(found).toEqual({});
    await closeChecked(session);
  });

  it('finding 8: a page that breaks the policy is reported, so the check above can fail', async () => {
    const session = await newPage(browser());
    const { page } = session;
    await session.context.addInitScript(recordViolations);
    await page.goto('/faq');
    await page.evaluate(`(() => {
      const div = document.createElement('div');
      div.innerHTML = '<span style="color: red">x</span>';
      document.body.append(div);
    })()`);
    await expect
      .poll(async () => (await page.evaluate('window.__cspViolations')) as string[])
      .toEqual([expect.stringMatching(/^style-src-attr inline/)]);
    await closeChecked(session);
  });
});

describe('files the site serves as themselves', () => {
  it('finding 8: /robots.txt and /favicon.ico are real files, not the app, with the security headers', async () => {
    const robots = await fetch(new URL('/robots.txt', baseUrl()));
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await robots.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).not.toContain('<!doctype html>');

    const icon = await fetch(new URL('/favicon.ico', baseUrl()));
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/x-icon');
    const bytes = Buffer.from(await icon.arrayBuffer());
    // An ICO file: reserved 0, type 1, at least one image.
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
    expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);
    for (const answer of [robots, icon]) {
      expect(answer.headers.get('permissions-policy')).toContain('camera=()');
      expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});
