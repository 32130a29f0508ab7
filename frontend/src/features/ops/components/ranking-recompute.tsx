import { formatTokyoDateTime } from '@golf/shared/game/format';
import { useOpsAction } from '../api/ops-calls';
import { ActionOutcome } from './ops-parts';
import { RankingStatus } from './ranking-status';

/** ランキング: the rankings computed again at once, and what is published now. */
export function RankingRecompute() {
  const recompute = useOpsAction('recomputeRankings');
  return (
    <section className="section card" aria-label="ランキングの再計算">
      <h2 className="section__title">ランキング</h2>
      <p>結果の取り込み・確定・訂正のたびに自動で計算し直されます。すぐに計算し直すときはこちら。</p>
      <button
        type="button"
        className="button button--outline"
        disabled={recompute.isPending}
        onClick={() => recompute.mutate({ body: {} })}
      >
        ランキングを計算し直す
      </button>
      <ActionOutcome
        error={recompute.error}
        success={
          recompute.data &&
          `公開を始めました（${formatTokyoDateTime(recompute.data.stale_since)} の変更まで）。`
        }
      />
      <RankingStatus />
    </section>
  );
}
