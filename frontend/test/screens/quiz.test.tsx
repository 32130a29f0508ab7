import { screen, waitFor, within } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleQuizBank } from '#scripts/seed/quiz-bank';
import { openApp, waitForPath } from './render-app';

/**
 * The open round's quiz taken to the end (its answers sealed until the round's quiz closes), its
 * result and cool-down, a closed round's answers, and the pages with nothing to show.
 */
const user = () => userEvent.setup();

const correctText = (question: string) => {
  const entry = sampleQuizBank.find((q) => q.question === question)!;
  return entry.choices[entry.answer]!;
};

describe('/quiz', () => {
  it('takes the open round’s quiz to the end, told only that each answer was received', async () => {
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
      // Right or wrong, the same: the verdict waits for the round's quiz to close.
      expect(feedback.querySelector('.quiz-feedback__verdict')?.textContent).toBe('回答しました');
      expect(feedback.getAttribute('data-result')).toBe('pending');
      expect(feedback.textContent).toMatch(
        /正解・解説と正解数は、このラウンドのクイズの受付が終わる.+の後に発表します/,
      );
      expect(document.querySelector('.quiz-choice[data-correct]')).toBeNull();
      expect(pick.getAttribute('data-chosen')).toBe('true');
      await user().click(screen.getByRole('button', { name: n < 5 ? '次の問題へ' : '結果を見る' }));
    }

    await waitForPath('/quiz/result');
    await screen.findByRole('heading', { name: /第4ラウンドのクイズ結果/ });
  });

  it('then shows the answers given, the time and when the answers come, and the cool-down', async () => {
    await openApp('/quiz/result?round=4', { as: 'quizTaker' });
    await screen.findByRole('heading', { name: /第4ラウンドのクイズ結果/ });
    expect(screen.getByTestId('quiz-score').textContent).toMatch(
      /5問に回答・正解数は発表前\s*合計 \d+\.\d秒/,
    );
    await screen.findByRole('heading', { name: 'あなたの回答' });
    const reviews = screen.getAllByTestId('quiz-review');
    expect(reviews).toHaveLength(5);
    expect(reviews.every((review) => review.getAttribute('data-result') === 'pending')).toBe(true);
    expect(document.querySelector('.quiz-review__explanation')).toBeNull();
    expect(screen.getAllByText('あなたの回答', { selector: '.quiz-choice__tag' })).toHaveLength(5);
    screen.getByText(/正解・解説と正解数は、このラウンドのクイズの受付が終わる/);
    expect(screen.getByRole('link', { name: 'クイズランキングを見る' }).getAttribute('href')).toBe(
      '/ranking/golf_q?round=4',
    );

    await openApp('/quiz', { as: 'quizTaker' });
    const wait = await screen.findByRole('button', { name: /あと\d+分で再挑戦できます/ });
    expect((wait as HTMLButtonElement).disabled).toBe(true);
    await screen.findByRole('heading', { name: '前回の挑戦' });
    await screen.findByRole('link', { name: '前回の回答を見る' });
    expect(screen.getByRole('link', { name: '第3ラウンドのクイズ結果' }).getAttribute('href')).toBe(
      '/quiz/result?round=3',
    );
  });

  it('shows a closed round’s correct answers, explanations and score', async () => {
    await openApp('/quiz/result?round=1', { as: 'quizRanked' });
    await screen.findByRole('heading', { name: '解答と解説' });
    const score = screen.getByTestId('quiz-score').textContent!;
    const reviews = screen.getAllByTestId('quiz-review');
    expect(reviews).toHaveLength(5);
    const right = reviews.filter((review) => review.getAttribute('data-result') === 'correct');
    expect(score).toMatch(new RegExp(`^${right.length}\\s*/ 5問正解`));
    for (const review of reviews) {
      const question = review.querySelector('.quiz-review__question')!.textContent!;
      expect(review.querySelector('.quiz-choice[data-correct="true"]')?.textContent).toContain(
        correctText(question),
      );
      expect(review.querySelector('.quiz-review__explanation')?.textContent).toBe(
        sampleQuizBank.find((q) => q.question === question)!.explanation,
      );
    }
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
