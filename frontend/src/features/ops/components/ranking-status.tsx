import { formatTokyoDateTime } from '@golf/shared/game/format';
import { useRankingStatus } from '../api/ops-calls';

/** The ranking publish status: what is served, what waits, and the last publish. */
export function RankingStatus() {
  const status = useRankingStatus().data;
  if (!status) return null;
  const served = status.served;
  return (
    <dl className="ops-status" data-testid="ranking-status">
      <dt>公開中</dt>
      <dd>
        {served
          ? `第${served.active_round}ラウンドまで（${served.published_at ? `${formatTokyoDateTime(served.published_at)} 公開` : '公開時刻の記録なし'}、順位の行 ${served.items_written ?? '—'}件を ${served.duration_ms === null ? '—' : (served.duration_ms / 1000).toFixed(1)}秒で書き込み）`
          : 'まだありません'}
      </dd>
      <dt>未公開の変更</dt>
      <dd>
        {status.stale && status.stale_since
          ? `あり（${formatTokyoDateTime(status.stale_since)} から）`
          : 'なし'}
      </dd>
      <dt>作成中</dt>
      <dd>
        {status.building && status.building_since
          ? `はい（${formatTokyoDateTime(status.building_since)} から）`
          : 'いいえ'}
      </dd>
      <dt>スコア変更の記録待ち</dt>
      <dd>{status.score_changes_pending ? `${status.score_changes_pending}件の操作` : 'なし'}</dd>
    </dl>
  );
}
