import type { QuizAttemptResult, UserQuizAnswer } from '@golf/shared/schemas/quiz';

/** `52.3秒` */
export const formatSeconds = (ms: number) => `${(Math.floor(ms / 100) / 10).toFixed(1)}秒`;

/** Correct answers out of the questions, and the total time. */
export function QuizResultSummary({
  result,
  questionCount,
}: {
  result: Pick<QuizAttemptResult, 'score' | 'total_time_ms'>;
  questionCount: number;
}) {
  return (
    <div className="card quiz-score" data-testid="quiz-score">
      <p className="quiz-score__main">
        <strong>{result.score}</strong>
        <span>/ {questionCount}問正解</span>
      </p>
      <p className="quiz-score__time">合計 {formatSeconds(result.total_time_ms)}</p>
    </div>
  );
}

/** One answered question: the player's choice, the correct one, and the explanation. */
export function QuizAnswerReview({ answer }: { answer: UserQuizAnswer }) {
  const verdict = answer.is_timeout ? '時間切れ' : answer.is_correct ? '正解' : '不正解';
  return (
    <article
      className="card quiz-review"
      data-result={answer.is_correct ? 'correct' : 'wrong'}
      data-testid="quiz-review"
    >
      <header className="quiz-review__head">
        <span className="quiz-review__number">第{answer.number}問</span>
        <span className="quiz-review__verdict">{verdict}</span>
        <span className="quiz-review__time">{formatSeconds(answer.time_ms)}</span>
      </header>
      <p className="quiz-review__question">{answer.question}</p>
      <ul className="quiz-choices quiz-choices--review">
        {answer.golf_quiz_choices.map((choice) => (
          <li
            key={choice.id}
            className="quiz-choice"
            data-correct={choice.id === answer.correct_choice_id}
            data-chosen={choice.id === answer.choice_id}
          >
            {choice.text}
            {choice.id === answer.correct_choice_id && <span className="quiz-choice__tag">正解</span>}
            {choice.id === answer.choice_id && choice.id !== answer.correct_choice_id && (
              <span className="quiz-choice__tag">あなたの回答</span>
            )}
          </li>
        ))}
      </ul>
      <p className="quiz-review__explanation">{answer.explanation}</p>
    </article>
  );
}
