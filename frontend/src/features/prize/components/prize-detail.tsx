import { useParams, Link } from '@tanstack/react-router';
import type { PrizeKind } from '@golf/shared/schemas/prize';
import { formatYen } from '@golf/shared/game/format';
import { AppLink } from '@/components/ui/app-link';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { SkeletonCard } from '@/components/ui/skeleton';
import { formatDateRange } from '@/lib/format';
import type { RouterContext } from '@/router';
import { schedulesQueryOptions, useSchedules } from '@/features/schedule/api/get-schedules';
import { prizesQueryOptions, usePrizes } from '../api/get-prizes';
import { prizeKindLabels, prizeRankLabel } from './prize-labels';
import { PrizeImage } from './prize-image';
import { PrizeWinnersSection } from './tournament-winners';
import { useAuth } from '@/lib/auth';
import type { AppHref } from '@/lib/app-href';

const howDecided: Record<PrizeKind, string> = {
  game: 'この大会の個人ランキング（SCORE）の順位で決まります。対象の順位に同じスコアの方がいる場合は、チームで一番良かった選手のスコア、アンダーパーだった選手の数、チームを最後に保存した時刻の順に比べ、それでも並ぶ場合は抽選で決めます。賞品は、運営が結果を確定した後に決まります。',
  entry:
    'この大会の全ラウンドにチームをエントリーした方の中から抽選で決まります。抽選番号（シード値）は、賞品と一緒に前もって公開した値と大会の結果から決まるため、運営も選べません。抽選の後に公開する値から、誰でも同じ結果を確かめられます。',
  yearly: 'シーズンを通した年間ランキングの順位で決まります。各大会の順位に応じたポイントの合計で競います。',
};

const rankingLink: Record<PrizeKind, { href: AppHref; label: string }> = {
  game: { href: '/ranking/golf/personal', label: '個人ランキングを見る' },
  entry: { href: '/gametop', label: 'チームを作ってエントリーする' },
  yearly: { href: '/ranking/yearly', label: '年間ランキングを見る' },
};

/** One prize: the whole card, how its winners are decided, and the way to compete for it. */
function PrizeDetail({ kind, id }: { kind: PrizeKind; id: string }) {
  const prize = usePrizes(kind).find((item) => item.id === id);
  const schedule = useSchedules().find((item) => item.game_global_id === prize?.game_global_id);
  const myId = useAuth().authUser?.['user_id'];
  if (!prize)
    return (
      <div className="page-body">
        <EmptyState title="この賞品は見つかりませんでした" icon="prize">
          <Link to="/prize" search={{ tab: kind }} className="text-link">
            賞品一覧へ
          </Link>
        </EmptyState>
      </div>
    );
  return (
    <div className="page-body">
      <article className="card prize-detail" data-testid="prize-detail">
        <PrizeImage prize={prize} size="hero" />
        <div className="prize-detail__badges">
          <Badge tone="green">{prizeKindLabels[kind]}</Badge>
          <Badge tone={prize.rank_from === null ? 'blue' : 'gold'}>{prizeRankLabel(prize)}</Badge>
        </div>
        <h2 className="prize-detail__name">{prize.name}</h2>
        <dl className="prize-detail__facts">
          <div>
            <dt>価格</dt>
            <dd>{formatYen(prize.value_yen)}相当</dd>
          </div>
          <div>
            <dt>当選数</dt>
            <dd>{prize.winners_count}名様</dd>
          </div>
          {schedule ? (
            <div>
              <dt>対象の大会</dt>
              <dd>
                {schedule.tournament_name}
                <br />
                {formatDateRange(schedule.tournament_display_start_on, schedule.tournament_display_end_on)}
              </dd>
            </div>
          ) : (
            <div>
              <dt>対象</dt>
              <dd>{prize.season_id}年シーズン</dd>
            </div>
          )}
        </dl>
        <p className="muted prize-detail__description">{prize.description}</p>
      </article>
      <PrizeWinnersSection gameGlobalId={prize.game_global_id} prizeId={prize.id} myId={myId} />
      <section className="card prose">
        <h3 className="card-title">当選者の決め方</h3>
        <p>{howDecided[kind]}</p>
        <AppLink href="/howto" className="text-link">
          ルールを詳しく見る
        </AppLink>
      </section>
      <AppLink href={rankingLink[kind].href} className="button button--primary button--block">
        {rankingLink[kind].label}
      </AppLink>
    </div>
  );
}

/** The route options of /prize/{kind}/{id}: the three detail routes differ only in the kind. */
export const prizeDetailRoute = (kind: PrizeKind) => ({
  loader: ({ context }: { context: RouterContext }) =>
    Promise.all([
      context.queryClient.ensureQueryData(prizesQueryOptions(kind)),
      context.queryClient.ensureQueryData(schedulesQueryOptions()),
    ]),
  pendingComponent: () => (
    <div className="page-body page-body--pending" role="status" aria-label="読み込み中">
      <SkeletonCard lines={6} />
    </div>
  ),
  component: function PrizeDetailPage() {
    const { id } = useParams({ strict: false }) as { id: string };
    return <PrizeDetail kind={kind} id={id} />;
  },
});
