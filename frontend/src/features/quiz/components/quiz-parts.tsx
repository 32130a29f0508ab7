import { formatTokyoDateTime } from '@golf/shared/game/format';
import type { QuizAttemptResult, UserQuizAnswer } from '@golf/shared/schemas/quiz';

/** `52.3秒` */
export const formatSeconds = (ms: number) => `${(Math.floor(ms / 100) / 10).toFixed(1)}秒`;

/**
 * When the round's answers are shown: its quiz closes at the round's entry deadline, and nothing
 * before that says which choice was right (docs/game-rules.md, 「ゴルフクイズ」).
 */
export const revealNote = (revealAt: string | null) =>
  revealAt
    ? `正解・解説と正解数は、このラウンドのクイズの受付が終わる${formatTokyoDateTime(revealAt)}（エントリーの締め切り）の後に発表します。`
    : '正解・解説と正解数は、このラウンドのクイズの受付が終わった後に発表します。';

/** Correct answers out of the questions (once the quiz has closed), and the total time. */
export function QuizResultSummary({
  result,
  questionCount,
}: {
  result: Pick<QuizAttemptResult, 'score' | 'total_time_ms'>;
  questionCount: number;
}) {
  return (
    <div className="card quiz-score" data-testid="quiz-score">
      {result.score === null ? (
        <p className="quiz-score__main">
          <span>{questionCount}問に回答・正解数は発表前</span>
        </p>
      ) : (
        <p className="quiz-score__main">
          <strong>{result.score}</strong>
          <span>/ {questionCount}問正解</span>
        </p>
      )}
      <p className="quiz-score__time">合計 {formatSeconds(result.total_time_ms)}</p>
    </div>
  );
}

/**
 * One answered question: the player's choice and time, and once the quiz has closed the verdict, the
 * correct choice and the explanation.
 */
export function QuizAnswerReview({ answer }: { answer: UserQuizAnswer }) {
  const revealed = answer.is_correct !== null;
  const verdict = answer.is_timeout
    ? '時間切れ'
    : !revealed
      ? '回答済み'
      : answer.is_correct
        ? '正解'
        : '不正解';
  return (
    <article
      className="card quiz-review"
      data-result={!revealed ? 'pending' : answer.is_correct ? 'correct' : 'wrong'}
      data-testid="quiz-review"
    >
      <header className="quiz-review__head">
        <span className="quiz-review__number">第{answer.number}問</span>
        <span className="quiz-review__verdict">{verdict}</span>
        <span className="quiz-review__time">{formatSeconds(answer.time_ms)}</span>
      </header>
      <p className="quiz-review__question">{answer.question}</p>
      <ul className="quiz-choices quiz-choices--review">
        {answer.golf_quiz_choices.map((choice) => {
          const correct = revealed ? choice.id === answer.correct_choice_id : undefined;
          return (
            <li
              key={choice.id}
              className="quiz-choice"
              data-correct={correct}
              data-chosen={choice.id === answer.choice_id}
            >
              {choice.text}
              {correct && <span className="quiz-choice__tag">正解</span>}
              {choice.id === answer.choice_id && !correct && (
                <span className="quiz-choice__tag">あなたの回答</span>
              )}
            </li>
          );
        })}
      </ul>
      {answer.explanation !== null && <p className="quiz-review__explanation">{answer.explanation}</p>}
    </article>
  );
}
