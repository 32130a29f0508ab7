import { describe, expect, inject, it } from 'vitest';
import { rankingPageResponseSchema } from '@golf/shared/schemas/ranking';
import { resetConfig } from '../../functions/src/lib/config';
import { signLocalAccessToken } from '../../functions/src/lib/local-issuer';
import { guildRepository } from '../../functions/src/db/repositories/guild-repository';
import { apiGet, baseUrl, closeChecked, newPage, useBrowser } from './support/browser';

for (const [name, value] of Object.entries(inject('stackEnv'))) process.env[name] = value;
resetConfig();

const browser = useBrowser();

describe('guild vs guild', () => {
  it("shows a guild against its neighbours on its page, and the game's posts in its chat", async () => {
    const board = rankingPageResponseSchema.parse(await apiGet('/api/golf/ranking/guild'));
    // A guild with a guild strictly better than it: its page names that guild as the one above.
    const index = board.rankings.findIndex((row, i) => i > 0 && row.value > board.rankings[0]!.value);
    const own = board.rankings[index]!;
    const above = board.rankings.filter((row) => row.value < own.value).at(-1)!;
    const [member] = await guildRepository.listMembers(own.guild_id!);
    const { token } = await signLocalAccessToken({ sub: member!.user_id });
    const session = await newPage(browser());
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);

    await page.goto(`/guild/${own.guild_id}/show`);
    const versus = page.getByTestId('guild-versus');
    await versus.waitFor();
    const shown = await versus.innerText();
    expect(shown).toContain('ギルド対抗');
    expect(shown).toContain('このギルド');
    expect(shown).toContain('ひとつ上');
    expect(shown).toContain(`${above.rank}位 ${above.nickname}`);
    expect(shown).toContain(`平均 ${own.display_value}`);

    // The ranking job told the guild its final results: a post under the game's label, not a member's.
    await page.goto(`/guild/${own.guild_id}/chat`);
    const post = page
      .getByTestId('chat-game-post')
      .filter({ hasText: 'ラウンドの結果が確定しました' })
      .first();
    await post.waitFor({ timeout: 20_000 });
    expect(await post.locator('.chat-message__name').innerText()).toBe('ゲームからのお知らせ');
    expect(await post.getAttribute('data-author')).toBe('game');
    expect(await post.getAttribute('data-mine')).toBe('false');
    await closeChecked(session);
  });
});
