import { describe, expect, inject, it } from 'vitest';
import { otherTeamSchema } from '@golf/shared/schemas/game';
import { rankingPageResponseSchema } from '@golf/shared/schemas/ranking';
import { resetConfig } from '../../functions/src/lib/config';
import { signLocalAccessToken } from '../../functions/src/lib/local-issuer';
import { guildRepository } from '../../functions/src/db/repositories/guild-repository';
import { apiGet, baseUrl, closeChecked, newPage, useBrowser } from './support/browser';

for (const [name, value] of Object.entries(inject('stackEnv'))) process.env[name] = value;
resetConfig();

const browser = useBrowser();

describe('other players’ teams after the deadline', () => {
  it('opens a ranked player’s team from the personal ranking, and every member’s team from the guild ranking', async () => {
    const top = rankingPageResponseSchema.parse(await apiGet('/api/golf/ranking/guild?round=1')).rankings[0]!;
    const [member] = await guildRepository.listMembers(top.guild_id!);
    const { token } = await signLocalAccessToken({ sub: member!.user_id });
    const session = await newPage(browser());
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);

    const first = rankingPageResponseSchema.parse(await apiGet('/api/golf/ranking?round=1&type=1&perPage=50'))
      .rankings[0]!;
    const expected = otherTeamSchema.parse(
      await (
        await fetch(`${baseUrl()}/api/golf/round/1/team/${first.user_id}`, {
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        })
      ).json(),
    );
    await page.goto('/ranking/golf/personal?round=1&type=1&page=1');
    const row = page.getByTestId('ranking-row').first();
    await row.waitFor();
    await row.getByRole('button', { name: /第1ラウンドのチーム/ }).click();
    const body = row.getByTestId('ranked-team-body');
    await body.locator('li').nth(3).waitFor();
    const shown = await body.innerText();
    for (const pick of expected.team!.slots) expect(shown).toContain(pick!.player.name);
    expect(shown).toContain('チームスコア');

    await page.goto('/ranking/guild?tab=member&round=1&page=1');
    const rows = page.getByTestId('ranking-row');
    await rows.first().waitFor();
    await page.getByRole('button', { name: 'メンバー全員の第1ラウンドのチームを見る' }).click();
    const bodies = page.getByTestId('ranked-team-body');
    await expect.poll(() => bodies.count()).toBe(await rows.count());
    const answered = async () =>
      (await bodies.allInnerTexts()).filter((text) => /チームスコア|チームなし/.test(text)).length;
    await expect.poll(answered, { timeout: 15_000 }).toBe(await rows.count());
    await page.getByRole('button', { name: 'チームを閉じる' }).click();
    await expect.poll(() => bodies.count()).toBe(0);
    await closeChecked(session);
  });
});
