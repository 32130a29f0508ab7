import { describe, expect, inject, it } from 'vitest';
import { resetConfig } from '../../functions/src/lib/config';
import { signLocalAccessToken } from '../../functions/src/lib/local-issuer';
import { prizeDrawRepository } from '../../functions/src/db/repositories/prize-draw-repository';
import { prizeRepository } from '../../functions/src/db/repositories/prize-repository';
import { tournamentRepository } from '../../functions/src/db/repositories/tournament-repository';
import { baseUrl, closeChecked, newPage, useBrowser, waitForPath } from './support/browser';

for (const [name, value] of Object.entries(inject('stackEnv'))) process.env[name] = value;
resetConfig();

const browser = useBrowser();

/** A winner of a sample entry prize who has not claimed anything yet. */
async function unclaimedWinner(): Promise<{
  userId: string;
  prizeId: string;
  name: string;
  tournamentName: string;
}> {
  for (const prize of await prizeRepository.listByKind('entry')) {
    for (const userId of (await prizeDrawRepository.getPrizeDraw(prize.id))?.winners ?? []) {
      const wins = await prizeDrawRepository.listPrizeWins(userId);
      const tournament = await tournamentRepository.get(prize.game_global_id!);
      if (wins.every((win) => win.claimed_at === null))
        return { userId, prizeId: prize.id, name: prize.name, tournamentName: tournament!.tournament_name };
    }
  }
  throw new Error('the sample season has no unclaimed winner');
}

describe('prize claim', () => {
  it('goes from my page to the claim form, confirm and the sent page; the prize then shows as claimed', async () => {
    const winner = await unclaimedWinner();
    const { token } = await signLocalAccessToken({ sub: winner.userId });
    const session = await newPage(browser());
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);

    await page.goto('/mypage');
    const card = page.locator(`a[href="/mypage/prize/${winner.prizeId}"]`);
    await card.waitFor();
    expect(await card.innerText()).toContain(winner.tournamentName);
    expect(await card.innerText()).toMatch(
      /受け取り期限：\d{1,2}\/\d{1,2}\([日月火水木金土]\) \d{1,2}:\d{2}/,
    );
    await card.click();
    await waitForPath(page, `/mypage/prize/${winner.prizeId}`);
    await page.getByText('受け取り手続き', { exact: true }).waitFor();

    await page.getByRole('textbox', { name: 'メールアドレス', exact: true }).fill('claim@example.com');
    await page.getByRole('textbox', { name: 'メールアドレス（確認用）' }).fill('claim@example.org');
    await page.getByRole('button', { name: '確認画面へ' }).click();
    await page.getByText('確認用のメールアドレスが一致しません。').waitFor();
    await page.getByRole('textbox', { name: 'メールアドレス（確認用）' }).fill('claim@example.com');
    await page.getByRole('button', { name: '確認画面へ' }).click();

    await waitForPath(page, `/mypage/prize/${winner.prizeId}/confirm`);
    expect(await page.locator('.confirm-list').innerText()).toContain('claim@example.com');
    await page.getByRole('button', { name: '送信する' }).click();
    await waitForPath(page, '/mypage/prize/email_send');
    await page.getByRole('heading', { name: '受け取り手続きを受け付けました' }).waitFor();
    expect((await prizeDrawRepository.getPrizeWin(winner.userId, winner.prizeId))?.claim_email).toBe(
      'claim@example.com',
    );

    await page.goto(`/mypage/prize/${winner.prizeId}`);
    await page.getByTestId('prize-claimed').waitFor();
    await closeChecked(session);
  });
});
