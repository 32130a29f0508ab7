import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatToPar } from '@golf/shared/game/format';
import type { MyScore } from '@golf/shared/schemas/game';
import { resetConfig } from '../../functions/src/lib/config';
import { signLocalAccessToken } from '../../functions/src/lib/local-issuer';
import { baseUrl, connectBrowser, newPage } from './support/browser';

for (const [name, value] of Object.entries(inject('stackEnv'))) process.env[name] = value;
resetConfig();

let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('/schedule/score for a signed-in player', () => {
  it("shows the player's own team score per round and in total, as the API computes it", async () => {
    const { token } = await signLocalAccessToken({ sub: 'sample-user-0001' });
    const response = await fetch(`${baseUrl()}/api/golf/schedule/score/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const expected = (await response.json()) as MyScore;

    const session = await newPage(browser);
    await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);
    await session.page.goto(`${baseUrl()}/schedule/score`);
    const total = session.page.getByTestId('my-score-total');
    await total.waitFor();
    expect(await total.innerText()).toBe(formatToPar(expected.total.score));
    await session.page.getByTestId('leaderboard-row').first().waitFor();
    await session.close();
  });

  it('shows no personal block to a visitor', async () => {
    const session = await newPage(browser);
    await session.page.goto(`${baseUrl()}/schedule/score`);
    await session.page.getByTestId('leaderboard-row').first().waitFor();
    expect(await session.page.getByTestId('my-score').count()).toBe(0);
    await session.close();
  });
});
