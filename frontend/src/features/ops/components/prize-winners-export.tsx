import type { OpsAction } from '../api/ops-calls';
import { ActionOutcome, CsvDownload } from './ops-parts';

/** 当選者を書き出す: the tournament's winners as a CSV file. The page holds the export, to reset it. */
export function PrizeWinnersExport({
  gameGlobalId,
  exportWinners,
}: {
  gameGlobalId: string;
  exportWinners: OpsAction<'exportPrizeWinners'>;
}) {
  return (
    <section className="section card" aria-label="当選者の書き出し">
      <h2 className="section__title">当選者を書き出す</h2>
      <p>大会・賞品・順位・ニックネーム・受け取りのメールアドレスと手続き日時（日本時間）を CSV にします。</p>
      <button
        type="button"
        className="button button--outline"
        disabled={exportWinners.isPending}
        onClick={() => exportWinners.mutate({ query: { game_global_id: gameGlobalId } })}
      >
        当選者を CSV に書き出す
      </button>
      <ActionOutcome
        error={exportWinners.error}
        success={
          exportWinners.data && (
            <CsvDownload
              csv={exportWinners.data.csv}
              count={exportWinners.data.count}
              fileName={`winners-${gameGlobalId}.csv`}
            />
          )
        }
      />
    </section>
  );
}
