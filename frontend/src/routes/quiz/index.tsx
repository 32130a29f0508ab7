import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate, Link } from '@tanstack/react-router';
import { AppLink } from '../../components/ui/app-link';
import { Badge } from '../../components/ui/badge';
import { EmptyState } from '../../components/ui/empty-state';
import { Icon } from '../../components/ui/icon';
import { LinkCardBody } from '../../components/ui/link-card-body';
import { SkeletonCard } from '../../components/ui/skeleton';
import { quizStatusQueryOptions, useStartQuiz } from '../../features/quiz/api/quiz';
import { QuizResultSummary } from '../../features/quiz/components/quiz-parts';

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
          <li>全{status.question_count}問・4択</li>
          <li>1問{status.time_limit}秒以内</li>
          <li>正解数が多い順、同じなら合計時間が短い順</li>
          <li>再挑戦は前の挑戦から60分後。いちばん良い記録がランキングに載ります</li>
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

      {status.best && (
        <section className="section" aria-labelledby="quiz-best-heading">
          <h2 id="quiz-best-heading" className="section__title">
            あなたの記録 <Badge tone="gold">ベスト</Badge>
          </h2>
          <QuizResultSummary result={status.best} questionCount={status.question_count} />
          {status.last && status.round && (
            <Link to="/quiz/result" search={{ round: status.round }} className="text-link text-link--end">
              前回の結果と解説を見る
            </Link>
          )}
        </section>
      )}

      <Link to="/ranking/golf_q" search={{ round: status.round ?? undefined }} className="card link-card">
        <LinkCardBody icon="ranking" title="クイズランキング" text="ラウンドごとの正解数と時間の順位" />
      </Link>
    </div>
  );
}
