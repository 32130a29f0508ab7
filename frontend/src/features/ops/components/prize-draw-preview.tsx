import type { RouteResponse } from '@golf/shared/contracts';
import { Badge } from '@/components/ui/badge';
import type { OpsAction } from '../api/ops-calls';
import { prizeKindLabels } from '../model/prize-kinds';
import { ActionOutcome, alreadyDoneText, ConfirmAction } from './ops-parts';

/**
 * 抽選の確認: who the ranks make winners of each prize and how many places are drawn, then the draw
 * itself (`redraw` draws the drawn prizes again). The page holds the draw, to reset it when the
 * tournament changes.
 */
export function PrizeDrawPreview({
  preview,
  draw,
  redraw,
  onRedrawChange,
}: {
  preview: RouteResponse<'previewPrizeDraw'>;
  draw: OpsAction<'drawPrizes'>;
  redraw: boolean;
  onRedrawChange: (redraw: boolean) => void;
}) {
  const anyDrawn = preview.prizes.some((p) => p.drawn);
  const shortfalls = preview.prizes.filter((p) => p.shortfall);
  return (
    <section className="section card" aria-label="抽選の確認">
      <h2 className="section__title">抽選で決まること</h2>
      <p>
        順位で決まる当選者を表示します。抽選で決まる当選者は、抽選するまで誰にもわかりません。抽選番号は、賞品の登録時に公開した値と大会の結果から決まるため、運営も選べません（抽選のあとに公開します）。
      </p>
      {preview.prizes.map((prize) => (
        <article key={prize.prize_id} className="ops-prize" data-prize={prize.prize_id}>
          <h3 className="card-title">
            {prize.name} <Badge tone="blue">{prizeKindLabels[prize.kind]}</Badge>{' '}
            {prize.drawn && <Badge tone="green">抽選済み</Badge>}
          </h3>
          <p>
            当選 {prize.winners.length + prize.lottery_places}人 / 賞品 {prize.winners_count}人（対象{' '}
            {prize.entrants}人）
          </p>
          {prize.lottery_places > 0 && <p>{prize.lottery_places}人は抽選で決まります。</p>}
          {prize.shortfall && <p className="notice">{prize.shortfall}</p>}
          {prize.winners.length > 0 && (
            <ol className="ops-winners">
              {prize.winners.slice(0, 20).map((w) => (
                <li key={w.user_id}>
                  {w.rank}. {w.nickname}
                </li>
              ))}
              {prize.winners.length > 20 && <li>ほか {prize.winners.length - 20}人</li>}
            </ol>
          )}
        </article>
      ))}
      {anyDrawn && (
        <label className="form-check">
          <input
            type="checkbox"
            checked={redraw}
            onChange={(event) => onRedrawChange(event.target.checked)}
          />
          抽選済みの賞品も抽選し直す（受け取り手続き済みの当選者がいると断られます）
        </label>
      )}
      <ConfirmAction
        label="抽選する"
        warning={
          <>
            抽選して当選者を確定します。当選者の「マイページ」に賞品が表示されます。
            {shortfalls.length > 0 &&
              ` ${shortfalls.map((p) => p.name).join('、')} は賞品の人数より少ない当選者になります（理由は上のとおり）。`}
          </>
        }
        pending={draw.isPending}
        onConfirm={() =>
          draw.mutate({
            body: {
              game_global_id: preview.game_global_id,
              ...(redraw && { redraw }),
              // The confirmation listed why some prizes get fewer winners: confirming accepts it.
              ...(shortfalls.length > 0 && { accept_fewer: true }),
            },
          })
        }
      />
      <ActionOutcome
        error={draw.error}
        success={
          draw.data && (
            <ul aria-label={draw.data.already_done ? '抽選済みです' : '抽選しました'}>
              {draw.data.already_done && <li>{alreadyDoneText(draw.data.audit)}</li>}
              <li>
                抽選番号：{draw.data.seed}
                （当選者と一緒に公開しました。誰でもこの抽選をやり直して、同じ結果になることを確かめられます）
              </li>
              {draw.data.prizes.map((p) => (
                <li key={p.prize_id}>
                  {preview.prizes.find((s) => s.prize_id === p.prize_id)?.name ?? '賞品'}：
                  {p.state === 'drawn' ? '抽選しました' : '抽選済みのため、前の当選者のままです'}（当選{' '}
                  {p.winners}人）
                </li>
              ))}
            </ul>
          )
        }
      />
    </section>
  );
}
