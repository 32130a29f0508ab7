import { describe, expect, inject, it } from 'vitest';
import { resetConfig } from '../../functions/src/lib/config';
import { seriousViolations } from './support/axe';
import { baseUrl, closeChecked, newPage, useBrowser } from './support/browser';
import { createPlayer } from './support/users';

for (const [name, value] of Object.entries(inject('stackEnv'))) process.env[name] = value;
resetConfig();

const browser = useBrowser();

// Each screen, and what shows that it has its data (not the skeleton).
const screens = [
  { path: '/schedule/round/4', ready: '[data-testid="slot-1"]' },
  { path: '/schedule/round/4/draft/1/easy', ready: '[data-testid="indicator-card"]' },
  { path: '/schedule/round/4/draft/1/advanced', ready: '[data-testid="field-player"]' },
  { path: '/ranking/golf/personal', ready: '[data-testid="ranking-row"]' },
  { path: '/mypage', ready: '[data-testid="my-score"]' },
  { path: '/guild', ready: 'main h2' },
  { path: '/guild/list', ready: '[data-testid="guild-card"]' },
  { path: '/quiz', ready: '.quiz-hero' },
  // The open round's quiz ranking, to be published when its quiz closes.
  { path: '/ranking/golf_q', ready: '.empty-state' },
  { path: '/quiz/result?round=1', ready: '.empty-state' },
  // The rules, whose wide tables scroll sideways: each scroll box is reachable by keyboard.
  { path: '/howto', ready: '.document-prose table' },
] as const;

describe('accessibility (axe-core, WCAG 2.1 A and AA)', () => {
  it('finds no serious or critical violation on the round, draft, ranking, my page, guild, quiz and rules screens', async () => {
    const { token } = await createPlayer(`e2e-axe-${Date.now()}`);
    const session = await newPage(browser());
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);
    const found: Record<string, unknown> = {};
    for (const screen of screens) {
      await page.goto(screen.path);
      await page.locator(screen.ready).first().waitFor();
      const violations = await seriousViolations(page);
      if (violations.length) found[screen.path] = violations;
    }
    expect(found).toEqual({});
    await closeChecked(session);
  });
});
