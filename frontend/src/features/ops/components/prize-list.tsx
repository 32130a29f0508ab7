import { useQuery } from '@tanstack/react-query';
import type { OpsTournament } from '@golf/shared/schemas/ops';
import { Badge } from '@/components/ui/badge';
import { opsPrizesQueryOptions, useOpsAction } from '../api/ops-calls';
import { prizeKindLabels, winnersText, type OpsPrize } from '../model/prize-kinds';
import { ActionOutcome, alreadyDoneText } from './ops-parts';

/**
 * この大会の賞品: the tournament's prizes and its season's yearly prizes, each opened in the form by
 * 変更する, and 公開をやめる / 公開に戻す (a drawn prize keeps its winners and cannot be retired).
 */
export function PrizeList({
  tournament,
  onEdit,
}: {
  tournament: OpsTournament;
  onEdit: (prize: OpsPrize) => void;
}) {
  const list = useQuery(opsPrizesQueryOptions(tournament.game_global_id));
  const retire = useOpsAction('retirePrize');
  const prizes = list.data?.prizes ?? [];
  return (
    <section className="section card" aria-label="この大会の賞品">
      <h2 className="section__title">この大会の賞品</h2>
      <p>
        公開をやめた賞品は、賞品一覧に表示されず、抽選もされません。公開に戻すこともできます。抽選済みの賞品は、当選者のためにそのまま公開します。
      </p>
      <ActionOutcome error={list.error} />
      {list.isSuccess && prizes.length === 0 && <p className="muted">まだ賞品はありません。</p>}
      {prizes.map((prize) => (
        <article key={prize.id} className="ops-prize" data-prize={prize.id}>
          <h3 className="card-title">
            {prize.name} <Badge tone="blue">{prizeKindLabels[prize.kind]}</Badge>{' '}
            {prize.retired_at ? (
              <Badge tone="grey">公開をやめています</Badge>
            ) : (
              <Badge tone="green">公開中</Badge>
            )}{' '}
            {prize.drawn && <Badge tone="gold">抽選済み</Badge>}
          </h3>
          <div className="ops-prize-image">
            {prize.image_url ? (
              <img
                className="prize-image prize-image--thumb"
                src={prize.image_url}
                alt={`${prize.name}の画像`}
              />
            ) : (
              <span className="muted">画像なし</span>
            )}
            <span>
              {winnersText(prize)}・{prize.value_yen.toLocaleString('ja-JP')}円
            </span>
          </div>
          <div className="ops-confirm__buttons">
            <button type="button" className="button button--outline" onClick={() => onEdit(prize)}>
              変更する
            </button>
            {!prize.drawn && (
              <button
                type="button"
                className="button button--outline"
                disabled={retire.isPending}
                onClick={() => retire.mutate({ body: { prize_id: prize.id, retired: !prize.retired_at } })}
              >
                {prize.retired_at ? '公開に戻す' : '公開をやめる'}
              </button>
            )}
          </div>
        </article>
      ))}
      <ActionOutcome
        error={retire.error}
        success={
          retire.data &&
          (retire.data.already_done
            ? `「${retire.data.prize.name}」は${retire.data.prize.retired_at ? 'すでに公開をやめています' : 'すでに公開しています'}。${alreadyDoneText(retire.data.audit)}`
            : `「${retire.data.prize.name}」${retire.data.prize.retired_at ? 'の公開をやめました。賞品一覧に表示されず、抽選されません。' : 'を公開に戻しました。'}`)
        }
      />
    </section>
  );
}
