import { useState } from 'react';
import type { OpsTournament } from '@golf/shared/schemas/ops';
import { useImageUpload } from '@/lib/upload-image';
import { useOpsAction } from '../api/ops-calls';
import { prizeKindLabels, type OpsPrize, type PrizeKind } from '../model/prize-kinds';
import { ActionOutcome, alreadyDoneText, numberOf, OpsInput } from './ops-parts';

/**
 * 賞品を登録する: a rank prize, the entry lottery or a yearly prize of the chosen tournament's season,
 * with its image (uploaded at once and shown; 画像を外す removes it). `initial` is a listed prize
 * opened to edit it.
 */
export function PrizeForm({
  tournament,
  initial,
}: {
  tournament: OpsTournament;
  initial: OpsPrize | undefined;
}) {
  const save = useOpsAction('savePrize');
  const [kind, setKind] = useState<PrizeKind>(initial?.kind ?? 'game');
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [value, setValue] = useState(initial ? String(initial.value_yen) : '');
  const [rankFrom, setRankFrom] = useState(String(initial?.rank_from ?? 1));
  const [rankTo, setRankTo] = useState(String(initial?.rank_to ?? 1));
  const [winners, setWinners] = useState(initial?.rank_from === null ? String(initial.winners_count) : '');
  const image = useImageUpload('prize', initial?.image_url || null);
  return (
    <section className="section card" aria-label="賞品の登録">
      <h2 className="section__title">{initial ? `「${initial.name}」を変更する` : '賞品を登録する'}</h2>
      <p>
        順位賞は順位ごとに1つ、参加賞は大会に1つです。同じ順位（参加賞は同じ大会）でもう一度登録すると、その賞品の変更になります。
      </p>
      <label className="ops-field">
        <span>賞品の種類</span>
        <select
          className="form-control"
          value={kind}
          onChange={(event) => setKind(event.target.value as PrizeKind)}
        >
          {(Object.keys(prizeKindLabels) as PrizeKind[]).map((k) => (
            <option key={k} value={k}>
              {k === 'yearly'
                ? `${prizeKindLabels[k]}（${tournament.season_id}年シーズン）`
                : prizeKindLabels[k]}
            </option>
          ))}
        </select>
      </label>
      <OpsInput label="賞品名" value={name} onChange={setName} />
      <OpsInput label="説明（当選者に表示されます）" value={description} onChange={setDescription} />
      <OpsInput label="金額（円）" value={value} onChange={setValue} inputMode="numeric" />
      {kind === 'entry' ? (
        <OpsInput label="当選人数" value={winners} onChange={setWinners} inputMode="numeric" />
      ) : (
        <div className="ops-grid">
          <OpsInput label="何位から" value={rankFrom} onChange={setRankFrom} inputMode="numeric" />
          <OpsInput label="何位まで" value={rankTo} onChange={setRankTo} inputMode="numeric" />
        </div>
      )}
      <label className="ops-field">
        <span>賞品の画像（写真などの画像ファイル、5MBまで。なくてもかまいません）</span>
        <input
          type="file"
          className="form-control"
          accept="image/jpeg,image/png,image/webp"
          disabled={image.uploading}
          onChange={(event) => void image.choose(event.target.files?.[0])}
        />
      </label>
      {image.uploading && <p className="muted">アップロード中…</p>}
      {image.error && (
        <p className="game-error" role="alert">
          {image.error}
        </p>
      )}
      {image.preview && (
        <div className="ops-prize-image">
          <img className="prize-image prize-image--thumb" src={image.preview} alt="賞品の画像" />
          <button type="button" className="button button--outline button--small" onClick={image.remove}>
            画像を外す
          </button>
        </div>
      )}
      <button
        type="button"
        className="button button--primary"
        disabled={save.isPending || image.uploading}
        onClick={() =>
          save.mutate({
            body: {
              kind,
              ...(kind === 'yearly'
                ? { season_id: tournament.season_id }
                : { game_global_id: tournament.game_global_id }),
              name,
              description,
              value_yen: numberOf(value || '0'),
              ...(kind === 'entry'
                ? { winners_count: numberOf(winners) }
                : { rank_from: numberOf(rankFrom), rank_to: numberOf(rankTo) }),
              // A new image goes as its key, a removed one as no address; else the stored one stays.
              ...(image.key ? { image_key: image.key } : !image.preview && { image_url: '' }),
            },
          })
        }
      >
        {initial ? '変更を保存する' : '賞品を登録する'}
      </button>
      <ActionOutcome
        error={save.error}
        success={
          save.data &&
          (save.data.already_done
            ? `この内容で登録済みです。${alreadyDoneText(save.data.audit)}`
            : `「${save.data.prize.name}」を${save.data.created ? '登録しました' : '変更しました'}（当選 ${save.data.prize.winners_count}人）。${save.data.prize.retired_at ? 'この賞品は公開をやめています。' : ''}`)
        }
      />
    </section>
  );
}
