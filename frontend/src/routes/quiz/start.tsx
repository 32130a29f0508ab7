import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { ActiveQuizResponse, QuizAnswerResponse } from '@golf/shared/schemas/quiz';
import { AppLink } from '@/components/ui/app-link';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSkeleton } from '@/components/ui/skeleton';
import { activeQuizQueryOptions, useAnswerQuiz } from '@/features/quiz/api/quiz';
import { formatSeconds, revealNote } from '@/features/quiz/components/quiz-parts';
import { isApiError } from '@/lib/api-client';
import { useDeviceNow } from '@/lib/use-now';
import { queryKeys } from '@/lib/query-keys';

export const Route = createFileRoute('/quiz/start')({
  staticData: { page: { title: null, stackType: 'unset', layout: 'header-only' } },
  component: QuizPlayPage,
});

function QuizPlayPage() {
  const active = useQuery(activeQuizQueryOptions());
  const queryClient = useQueryClient();
  const next = () => void queryClient.resetQueries({ queryKey: queryKeys.quiz.active });

  if (active.isPending) return <PageSkeleton cards={1} lines={6} />;
  if (active.isError)
    return (
      <div className="page-body">
        <EmptyState
          title={
            isApiError(active.error) && active.error.status === 409
              ? active.error.message
              : '問題を読み込めませんでした'
          }
          icon="quiz"
        >
          <AppLink href="/quiz" className="button button--primary">
            クイズのページへ
          </AppLink>
        </EmptyState>
      </div>
    );
  return (
    <QuizQuestion
      key={`${active.data.attempt_id}:${active.data.quiz.id}`}
      active={active.data}
      receivedAt={active.dataUpdatedAt}
      onNext={next}
    />
  );
}

function QuizQuestion({
  active,
  receivedAt,
  onNext,
}: {
  active: ActiveQuizResponse;
  receivedAt: number;
  onNext: () => void;
}) {
  const navigate = useNavigate();
  const answerQuiz = useAnswerQuiz();
  const [chosen, setChosen] = useState<string | null>(null);
  const [result, setResult] = useState<QuizAnswerResponse | null>(null);
  const sent = useRef(false);
  const [stoppedAt, setStoppedAt] = useState<number | null>(null);
  const now = useDeviceNow(200);
  const limitMs = active.time_limit * 1000;
  const leftMs = Math.max(0, receivedAt + active.remaining_ms - (stoppedAt ?? now));

  const send = (choiceId: string | null) => {
    if (sent.current) return;
    sent.current = true;
    setChosen(choiceId);
    setStoppedAt(Date.now());
    answerQuiz.mutate(
      { attempt_id: active.attempt_id, quiz_id: active.quiz.id, choice_id: choiceId },
      {
        onSuccess: setResult,
        // The answer stays sent: the way on is to reload the question (the server knows where it is).
      },
    );
  };

  // Time up: the server records it as such; sending null moves on at once.
  useEffect(() => {
    if (leftMs === 0 && !sent.current && !result) send(null);
  });

  const answer = result?.answer;
  const finished = result?.is_finished === true;
  // Until the round's quiz closes an answer comes back without its verdict (docs/game-rules.md).
  const revealed = answer !== undefined && answer.is_correct !== null;
  return (
    <div className="page-body quiz-play">
      <div className="quiz-play__head">
        <span className="quiz-play__count" data-testid="quiz-number">
          第{active.active_quiz_number}問 / {active.question_count}
        </span>
        <span className="quiz-play__timer" role="timer" aria-label="残り時間">
          残り {Math.ceil(leftMs / 1000)}秒
        </span>
      </div>
      <div className="quiz-timebar" aria-hidden="true">
        <span className="quiz-timebar__fill" style={{ width: `${(leftMs / limitMs) * 100}%` }} />
      </div>

      <section className="card quiz-question" aria-labelledby="quiz-question-text">
        <h2 id="quiz-question-text" className="quiz-question__text">
          {active.quiz.question}
        </h2>
        <div className="quiz-choices" role="group" aria-label="選択肢">
          {active.quiz.golf_quiz_choices.map((choice, index) => (
            <button
              key={choice.id}
              type="button"
              className="quiz-choice quiz-choice--button"
              disabled={chosen !== null || answerQuiz.isPending || result !== null}
              data-chosen={chosen === choice.id}
              data-correct={revealed ? choice.id === answer.correct_choice_id : undefined}
              onClick={() => send(choice.id)}
            >
              <span className="quiz-choice__mark" aria-hidden="true">
                {'ABCD'[index]}
              </span>
              {choice.text}
            </button>
          ))}
        </div>
      </section>

      {answerQuiz.error && !result && (
        <div className="game-error" role="alert">
          <p>{answerQuiz.error.message}</p>
          <button type="button" className="button button--outline button--small" onClick={onNext}>
            問題を読み込み直す
          </button>
        </div>
      )}

      {answer && (
        <section
          className="card quiz-feedback"
          data-result={!revealed ? 'pending' : answer.is_correct ? 'correct' : 'wrong'}
          aria-live="polite"
          data-testid="quiz-feedback"
        >
          <p className="quiz-feedback__verdict">
            {answer.is_timeout
              ? '時間切れ'
              : !revealed
                ? '回答しました'
                : answer.is_correct
                  ? '正解！'
                  : '不正解'}
          </p>
          <p className="quiz-feedback__time">
            回答時間 {formatSeconds(answer.time_ms)}
            {finished && result?.result && `（合計 ${formatSeconds(result.result.total_time_ms)}）`}
          </p>
          <p className="quiz-feedback__explanation">
            {revealed ? answer.explanation : revealNote(result?.reveal_at ?? null)}
          </p>
          {finished ? (
            <button
              type="button"
              className="button button--primary button--block"
              onClick={() =>
                void navigate({ to: '/quiz/result', search: { round: active.round ?? undefined } })
              }
            >
              結果を見る
            </button>
          ) : (
            <button type="button" className="button button--primary button--block" onClick={onNext}>
              次の問題へ
            </button>
          )}
        </section>
      )}
    </div>
  );
}
