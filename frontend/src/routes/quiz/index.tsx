import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate, Link } from '@tanstack/react-router';
import { AppLink } from '@/components/ui/app-link';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { Icon } from '@/components/ui/icon';
import { LinkCardBody } from '@/components/ui/link-card-body';
import { SkeletonCard } from '@/components/ui/skeleton';
import { quizStatusQueryOptions, useStartQuiz } from '@/features/quiz/api/quiz';
import { QuizResultSummary, revealNote } from '@/features/quiz/components/quiz-parts';

export const Route = createFileRoute('/quiz/')({
  staticData: { page: { title: 'ゴルフクイズ', stackType: 'dynamic', parent: '/' } },
  loader: ({ context }) => context.queryClient.ensureQueryData(quizStatusQueryOptions()),
  pendingComponent: () => (
    <div className="page-body page-body--pending" role="status" aria-label="読み込み中">
      <SkeletonCard lines={5} />
      <SkeletonCard lines={3} />
    </div>
  ),
  component: QuizTopPage,
});

function QuizTopPage() {
  const status = useSuspenseQuery(quizStatusQueryOptions()).data;
  const navigate = useNavigate();
  const start = useStartQuiz();
  const begin = () => start.mutate(undefined, { onSuccess: () => void navigate({ to: '/quiz/start' }) });
  // Before the round's quiz closes there is no best to show (it would tell scores), only the last try.
  const record = status.best ?? status.last;
  const revealed = record !== null && record.score !== null;
  const pastRounds = Array.from({ length: Math.max(0, (status.round ?? 1) - 1) }, (_, i) => i + 1);

  return (
    <div className="page-body">
      <section className="card quiz-hero" aria-labelledby="quiz-heading">
        <span className="quiz-hero__icon" aria-hidden="true">
          <Icon name="quiz" size={32} />
        </span>
        <p className="quiz-hero__label">{status.tournament_name ?? 'ゴルフクイズ'}</p>
        <h2 id="quiz-heading" className="quiz-hero__title">
          {status.round ? `第${status.round}ラウンドのクイズ` : 'ゴルフクイズ'}
        </h2>
        <ul className="quiz-rules">
          <li>1回の挑戦で{status.question_count}問・4択。問題はラウンドごとの問題集から毎回選ばれます</li>
          <li>1問{status.time_limit}秒以内</li>
          <li>正解数が多い順、同じなら合計時間が短い順</li>
          <li>再挑戦は前の挑戦から60分後。いちばん良い記録がランキングに載ります</li>
          <li>
            正解・解説、正解数と順位は、そのラウンドのエントリーの締め切りでクイズの受付が終わった後に発表します
          </li>
        </ul>
      </section>

      {!status.is_open ? (
        <EmptyState title="現在挑戦できるクイズはありません" icon="quiz">
          大会の開催中は、ラウンドごとにクイズが出題されます。
        </EmptyState>
      ) : (
        <section className="section" aria-label="挑戦">
          {status.in_progress ? (
            <AppLink href="/quiz/start" className="button button--primary button--block">
              続きから挑戦する
            </AppLink>
          ) : status.is_startable ? (
            <button
              type="button"
              className="button button--primary button--block"
              disabled={start.isPending}
              onClick={begin}
            >
              {status.attempt_count > 0 ? 'もう一度挑戦する' : 'クイズに挑戦する'}
            </button>
          ) : (
            <button type="button" className="button button--primary button--block" disabled>
              あと{status.retriable_minute_diff}分で再挑戦できます
            </button>
          )}
          {start.error && (
            <p className="game-error" role="alert">
              {start.error.message}
            </p>
          )}
        </section>
      )}

      {record && (
        <section className="section" aria-labelledby="quiz-best-heading">
          <h2 id="quiz-best-heading" className="section__title">
            {revealed ? (
              <>
                あなたの記録 <Badge tone="gold">ベスト</Badge>
              </>
            ) : (
              '前回の挑戦'
            )}
          </h2>
          <QuizResultSummary result={record} questionCount={status.question_count} />
          {!revealed && <p className="muted">{revealNote(status.reveal_at)}</p>}
          {status.last && status.round && (
            <Link to="/quiz/result" search={{ round: status.round }} className="text-link text-link--end">
              {revealed ? '前回の結果と解説を見る' : '前回の回答を見る'}
            </Link>
          )}
        </section>
      )}

      {pastRounds.length > 0 && (
        <section className="section" aria-labelledby="quiz-past-heading">
          <h2 id="quiz-past-heading" className="section__title">
            これまでのラウンドの正解と解説
          </h2>
          <ul className="quiz-past">
            {pastRounds.map((round) => (
              <li key={round}>
                <Link to="/quiz/result" search={{ round }} className="text-link">
                  第{round}ラウンドのクイズ結果
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <Link to="/ranking/golf_q" search={{ round: status.round ?? undefined }} className="card link-card">
        <LinkCardBody icon="ranking" title="クイズランキング" text="ラウンドごとの正解数と時間の順位" />
      </Link>
    </div>
  );
}
