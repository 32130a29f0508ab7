import { screen, waitFor, within } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleQuizBank } from '../../../scripts/seed/quiz-bank';
import { openApp, waitForPath } from './render-app';

/** The open round's quiz taken to the end, its result and cool-down, and the pages with nothing to show. */
const user = () => userEvent.setup();

const correctText = (question: string) => {
  const entry = sampleQuizBank.find((q) => q.question === question)!;
  return entry.choices[entry.answer]!;
};

describe('/quiz', () => {
  it('takes the open round’s quiz to the end, one answer wrong', async () => {
    await openApp('/quiz', { as: 'quizTaker' });
    await screen.findByRole('heading', { name: '第4ラウンドのクイズ' });
    await user().click(screen.getByRole('button', { name: 'クイズに挑戦する' }));
    await waitForPath('/quiz/start');

    for (let n = 1; n <= 5; n++) {
      await waitFor(() => expect(screen.getByTestId('quiz-number').textContent).toContain(`第${n}問 / 5`));
      expect(screen.getByRole('timer').textContent).toMatch(/^残り \d+秒$/);
      const question = document.querySelector('.quiz-question__text')!.textContent!;
      const choices = within(screen.getByRole('group', { name: '選択肢' })).getAllByRole('button');
      expect(choices).toHaveLength(4);
      const right = correctText(question);
      // The second question is answered wrong on purpose.
      const pick = choices.find((choice) => choice.textContent?.includes(right) === (n !== 2))!;
      await user().click(pick);
      const feedback = await screen.findByTestId('quiz-feedback');
      expect(feedback.querySelector('.quiz-feedback__verdict')?.textContent).toBe(
        n === 2 ? '不正解' : '正解！',
      );
      expect(document.querySelector('.quiz-choice[data-correct="true"]')?.textContent).toContain(right);
      await user().click(screen.getByRole('button', { name: n < 5 ? '次の問題へ' : '結果を見る' }));
    }

    await waitForPath('/quiz/result');
    await screen.findByRole('heading', { name: /第4ラウンドのクイズ結果/ });
  });

  it('then shows the result with explanations, and the cool-down', async () => {
    await openApp('/quiz/result?round=4', { as: 'quizTaker' });
    await screen.findByRole('heading', { name: /第4ラウンドのクイズ結果/ });
    expect(screen.getByTestId('quiz-score').textContent).toMatch(/4\s*\/ 5問正解/);
    expect(screen.getAllByTestId('quiz-review')).toHaveLength(5);
    expect(document.querySelectorAll('.quiz-review[data-result="wrong"]')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'クイズランキングを見る' }).getAttribute('href')).toBe(
      '/ranking/golf_q?round=4',
    );

    await openApp('/quiz', { as: 'quizTaker' });
    const wait = await screen.findByRole('button', { name: /あと\d+分で再挑戦できます/ });
    expect((wait as HTMLButtonElement).disabled).toBe(true);
    await screen.findByRole('link', { name: '前回の結果と解説を見る' });
  });

  it('says so when there is no attempt under way or no result yet', async () => {
    await openApp('/quiz/start', { as: 'newcomer' });
    await screen.findByText('クイズに挑戦中ではありません', { exact: false });
    await user().click(screen.getByRole('link', { name: 'クイズのページへ' }));
    await waitForPath('/quiz');
    await openApp('/quiz/result?round=4', { as: 'newcomer' });
    await screen.findByText('まだ結果がありません');
  });
});
