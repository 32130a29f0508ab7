import { describe, expect, inject, it } from 'vitest';
import { rankingPageResponseSchema } from '@golf/shared/schemas/ranking';
import { resetConfig } from '../../functions/src/lib/config';
import { signLocalAccessToken } from '../../functions/src/lib/local-issuer';
import { sampleQuizBank } from '../../scripts/seed/quiz-bank';
import { apiGet, baseUrl, closeChecked, newPage, useBrowser, waitForPath } from './support/browser';
import { createPlayer } from './support/users';

for (const [name, value] of Object.entries(inject('stackEnv'))) process.env[name] = value;
resetConfig();

const browser = useBrowser();

const correctText = (question: string) => {
  const entry = sampleQuizBank.find((q) => q.question === question)!;
  return entry.choices[entry.answer]!;
};

describe('/quiz', () => {
  it('takes the open round’s quiz to the end, shows the result with explanations, then the cool-down', async () => {
    const { token } = await createPlayer('e2e-quiz-taker');
    const session = await newPage(browser());
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);

    await page.goto('/quiz');
    await page.getByRole('heading', { name: '第4ラウンドのクイズ' }).waitFor();
    await page.getByRole('button', { name: 'クイズに挑戦する' }).click();
    await waitForPath(page, '/quiz/start');

    for (let n = 1; n <= 5; n++) {
      await page
        .getByTestId('quiz-number')
        .filter({ hasText: `第${n}問 / 5` })
        .waitFor();
      expect(await page.getByRole('timer').innerText()).toMatch(/^残り \d+秒$/);
      const question = await page.locator('.quiz-question__text').innerText();
      const choices = page.getByRole('group', { name: '選択肢' }).getByRole('button');
      expect(await choices.count()).toBe(4);
      const right = correctText(question);
      // The second question is answered wrong on purpose.
      const pick =
        n === 2 ? choices.filter({ hasNotText: right }).first() : choices.filter({ hasText: right }).first();
      await pick.click();
      const feedback = page.getByTestId('quiz-feedback');
      await feedback.waitFor();
      expect(await feedback.locator('.quiz-feedback__verdict').innerText()).toBe(
        n === 2 ? '不正解' : '正解！',
      );
      expect(await page.locator('.quiz-choice[data-correct="true"]').innerText()).toContain(right);
      await page.getByRole('button', { name: n < 5 ? '次の問題へ' : '結果を見る' }).click();
    }

    await waitForPath(page, '/quiz/result');
    await page.getByRole('heading', { name: /第4ラウンドのクイズ結果/ }).waitFor();
    expect(await page.getByTestId('quiz-score').innerText()).toMatch(/4\s*\/ 5問正解/);
    expect(await page.getByTestId('quiz-review').count()).toBe(5);
    expect(await page.locator('.quiz-review[data-result="wrong"]').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'クイズランキングを見る' }).getAttribute('href')).toBe(
      '/ranking/golf_q?round=4',
    );

    await page.goto('/quiz');
    const wait = page.getByRole('button', { name: /あと\d+分で再挑戦できます/ });
    await wait.waitFor();
    expect(await wait.isDisabled()).toBe(true);
    await page.getByRole('link', { name: '前回の結果と解説を見る' }).waitFor();
    await closeChecked(session);
  });

  it('says so when there is no attempt under way or no result yet', async () => {
    const { token } = await createPlayer('e2e-quiz-newcomer');
    const session = await newPage(browser());
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);
    await page.goto('/quiz/start');
    await page.getByText('クイズに挑戦中ではありません', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'クイズのページへ' }).click();
    await waitForPath(page, '/quiz');
    await page.goto('/quiz/result?round=4');
    await page.getByText('まだ結果がありません').waitFor();
    await closeChecked(session);
  });
});

describe('/ranking/golf_q', () => {
  it('opens on the open round, switches round, pages, jumps to a rank and pins my row', async () => {
    const round1 = rankingPageResponseSchema.parse(await apiGet('/api/golf/ranking/quiz?round=1'));
    const me = round1.rankings[10]!;
    const { token } = await signLocalAccessToken({ sub: me.user_id });
    const session = await newPage(browser());
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);

    await page.goto('/ranking/golf_q');
    const rows = page.getByTestId('ranking-row');
    await rows.first().waitFor();
    expect(await page.locator('.round-tabs [aria-current="page"]').innerText()).toBe('R4');
    await page.getByText('受付中', { exact: true }).waitFor();

    await page.getByRole('link', { name: 'R1' }).click();
    await page.locator('.round-tabs [aria-current="page"]', { hasText: 'R1' }).waitFor();
    await page.getByText('確定', { exact: true }).waitFor();
    expect(await rows.count()).toBe(100);
    expect(await rows.first().locator('.ranking-table__value').innerText()).toMatch(/^\d問正解 \d+\.\d秒$/);
    expect(await page.getByTestId('my-rank').innerText()).toContain(`${me.rank}位`);
    expect(await page.locator('tr[data-mine="true"]').count()).toBe(1);

    await page.getByRole('button', { name: '次へ' }).click();
    await page.locator('.pager__status', { hasText: /^2 \// }).waitFor();
    await page.getByRole('spinbutton', { name: '順位を指定' }).fill('5');
    await page.getByRole('button', { name: '移動' }).click();
    await page.locator('.pager__status', { hasText: /^1 \// }).waitFor();
    await closeChecked(session);
  });
});
