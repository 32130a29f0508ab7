import { createFileRoute, Link } from '@tanstack/react-router';
import { formatTokyoDateTime } from '@golf/shared/game/format';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { useOpsTournaments } from '@/features/ops/api/ops-calls';
import { OpsNav, RoundRows } from '@/features/ops/components/ops-parts';
import { inPlayFirst } from '@/features/ops/model/in-play';
import { serverNow } from '@/lib/server-clock';

export const Route = createFileRoute('/ops/')({
  staticData: { page: { title: '運営コンソール', stackType: 'unset' } },
  component: OpsHomePage,
});

function OpsHomePage() {
  const tournaments = useOpsTournaments();
  return (
    <>
      <OpsNav />
      <section className="section">
        <h2 className="section__title">大会とラウンド</h2>
        {tournaments.length === 0 ? (
          <EmptyState title="大会はまだありません">
            「大会の準備」で大会を作ると、ここに表示されます。
          </EmptyState>
        ) : (
          inPlayFirst(tournaments).map((t) => (
            <article
              key={t.game_global_id}
              className="card ops-tournament"
              data-tournament={t.game_global_id}
            >
              <header className="ops-tournament__head">
                <h3 className="card-title">{t.tournament_name}</h3>
                {t.cancelled && <Badge tone="red">中止</Badge>}
              </header>
              <p className="ops-tournament__meta">
                大会ID {t.game_global_id} ・ {t.venue} ・ {t.start_on}〜{t.end_on}
              </p>
              {t.cancel_note && <p className="notice">{t.cancel_note}</p>}
              <RoundRows tournament={t} />
              <div className="ops-tournament__links">
                <Link to="/ops/setup" search={{ game_global_id: t.game_global_id }} className="text-link">
                  大会の準備
                </Link>
                <Link to="/ops/results" search={{ game_global_id: t.game_global_id }} className="text-link">
                  結果の取り込み
                </Link>
                <Link to="/ops/rounds" search={{ game_global_id: t.game_global_id }} className="text-link">
                  ラウンドの操作
                </Link>
                <Link to="/ops/prizes" search={{ game_global_id: t.game_global_id }} className="text-link">
                  賞品の抽選
                </Link>
              </div>
            </article>
          ))
        )}
      </section>
      <p className="ops-footnote">
        時刻はすべて日本時間です（{formatTokyoDateTime(new Date(serverNow()))} 現在）。
      </p>
    </>
  );
}
