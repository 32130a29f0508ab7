import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { AppLink } from '@/components/ui/app-link';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { SkeletonCard } from '@/components/ui/skeleton';
import { answeredQuizQueryOptions, quizStatusQueryOptions } from '@/features/quiz/api/quiz';
import {
  formatSeconds,
  QuizAnswerReview,
  QuizResultSummary,
  revealNote,
} from '@/features/quiz/components/quiz-parts';
import { optionalRound, pageSearch } from '@/lib/search-params';

const searchSchema = pageSearch({
  round: optionalRound(),
});

export const Route = createFileRoute('/quiz/result')({
  staticData: { page: { title: 'ゴルフクイズ', stackType: 'static', parent: '/quiz' } },
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const round =
      deps.round ?? (await context.queryClient.ensureQueryData(quizStatusQueryOptions())).round ?? 1;
    await context.queryClient.ensureQueryData(answeredQuizQueryOptions(round));
    return { round };
  },
  pendingComponent: () => (
    <div className="page-body page-body--pending" role="status" aria-label="読み込み中">
      <SkeletonCard lines={3} />
      <SkeletonCard lines={6} />
    </div>
  ),
  component: QuizResultPage,
});

function QuizResultPage() {
  const { round } = Route.useLoaderData();
  const answered = useSuspenseQuery(answeredQuizQueryOptions(round)).data;
  const status = useQuery(quizStatusQueryOptions()).data;
  const isOpenRound = status?.round === round && status.is_open;
  const isBest =
    answered.last !== null &&
    answered.best !== null &&
    answered.last.score === answered.best.score &&
    answered.last.total_time_ms === answered.best.total_time_ms;

  if (!answered.last)
    return (
      <div className="page-body">
        <EmptyState title="まだ結果がありません" icon="quiz">
          第{round}
          ラウンドのクイズに挑戦すると、ここにあなたの回答が表示されます。正解と解説は、クイズの受付が終わった後に表示されます。
          <AppLink href="/quiz" className="button button--primary">
            クイズのページへ
          </AppLink>
        </EmptyState>
      </div>
    );

  return (
    <div className="page-body">
      <section className="section" aria-labelledby="quiz-result-heading">
        <h2 id="quiz-result-heading" className="section__title">
          第{round}ラウンドのクイズ結果 {isBest && <Badge tone="gold">ベスト記録</Badge>}
        </h2>
        <QuizResultSummary result={answered.last} questionCount={answered.user_answers.length} />
        {!answered.is_revealed && <p className="muted">{revealNote(answered.reveal_at)}</p>}
        {answered.best && !isBest && (
          <p className="muted">
            ベスト記録：{answered.best.score}問正解（合計 {formatSeconds(answered.best.total_time_ms)}）
          </p>
        )}
      </section>

      <div className="quiz-result__actions">
        <Link to="/ranking/golf_q" search={{ round }} className="button button--primary button--block">
          クイズランキングを見る
        </Link>
        {isOpenRound && status && (
          <AppLink href="/quiz" className="button button--outline button--block">
            {status.is_startable
              ? 'もう一度挑戦する'
              : `あと${status.retriable_minute_diff}分で再挑戦できます`}
          </AppLink>
        )}
      </div>

      <section className="section" aria-labelledby="quiz-review-heading">
        <h2 id="quiz-review-heading" className="section__title">
          {answered.is_revealed ? '解答と解説' : 'あなたの回答'}
        </h2>
        {answered.user_answers.map((answer) => (
          <QuizAnswerReview key={answer.quiz_id} answer={answer} />
        ))}
      </section>
    </div>
  );
}
