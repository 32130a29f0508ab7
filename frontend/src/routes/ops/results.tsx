import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { formatToPar } from '@golf/shared/game/format';
import type { RouteResponse } from '@golf/shared/contracts';
import type { ResultsPreview } from '@golf/shared/schemas/ops';
import { ImportSource, useCheckedImport } from '@/features/ops/components/checked-import';
import { ActionOutcome, alreadyDoneText, ConfirmAction, OpsNav } from '@/features/ops/components/ops-parts';
import { optionalText, pageSearch } from '@/lib/search-params';

const searchSchema = pageSearch({ game_global_id: optionalText() });

export const Route = createFileRoute('/ops/results')({
  staticData: { page: { title: '結果の取り込み', stackType: 'static', parent: '/ops' } },
  validateSearch: searchSchema,
  component: OpsResultsPage,
});

type Kind = 'importResults' | 'importTournament';
const statusLabels = { active: 'プレー中', cut: '予選落ち', wd: '棄権', dq: '失格' } as const;

function roundValue(value: ResultsPreview['players'][number]['before']) {
  if (!value) return 'なし';
  const toPar = value.to_par === null ? '-' : formatToPar(value.to_par);
  const strokes = value.strokes === null ? '-' : String(value.strokes);
  return `${toPar}（${strokes}打・${value.thru === 18 ? 'F' : `${value.thru}H`}・${statusLabels[value.status]}）`;
}

function OpsResultsPage() {
  const { game_global_id } = Route.useSearch();
  const [kind, setKind] = useState<Kind>('importResults');
  const [content, setContent] = useState('');
  const [format, setFormat] = useState<'csv' | 'json'>('csv');
  const { dryRun, apply, checked, reset, check } = useCheckedImport(kind);
  const body = { format, content };
  // A dry run of results also answers what would change (a tournament import has no preview).
  const preview = (checked as RouteResponse<'importResults'> | null)?.preview;

  return (
    <>
      <OpsNav gameGlobalId={game_global_id} />
      <section className="section card">
        <h2 className="section__title">ファイルの取り込み</h2>
        <p>
          取り込む前に「確認する」で内容を検査し、変わる選手・スコア・状態と影響するチームを確かめてから取り込みます。
        </p>
        <label className="ops-field">
          <span>種類</span>
          <select
            className="form-control"
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as Kind);
              reset();
            }}
          >
            <option value="importResults">ラウンドの結果</option>
            <option value="importTournament">大会（フィールド・締め切り）</option>
          </select>
        </label>
        <ImportSource
          contentLabel="取り込む内容"
          rows={8}
          content={content}
          onContent={(text, fileName) => {
            setContent(text);
            const json = fileName
              ? fileName.toLowerCase().endsWith('.json')
              : text.trimStart().startsWith('{');
            setFormat(json ? 'json' : 'csv');
            reset();
          }}
          checking={dryRun.isPending}
          onCheck={() => check({ body: { ...body, dry_run: true } })}
        />
        <ActionOutcome error={dryRun.error} />
      </section>

      {checked && (
        <section className="section card" aria-label="取り込みの確認">
          <h2 className="section__title">変わる内容</h2>
          <p>
            大会 <code>{checked.game_global_id}</code>：{checked.rows}行のうち、変わるもの {checked.changed}
            件、変わらないもの {checked.unchanged}件。
          </p>
          {preview && (
            <p>
              影響するチーム：
              {preview.teams_affected.length === 0
                ? 'なし'
                : preview.teams_affected.map((t) => `第${t.round}ラウンド ${t.teams}チーム`).join('、')}
            </p>
          )}
          {/* The button and its answer come before the list, which may be long: the answer is where the operator looks. */}
          <ConfirmAction
            label="取り込む"
            warning="取り込むと、スコアとランキングがまもなく計算し直されます。確定前のラウンドは、正しいファイルを取り込み直せば元に戻せます。"
            pending={apply.isPending}
            disabled={Boolean(apply.data)}
            onConfirm={() => apply.mutate({ body })}
          />
          <ActionOutcome
            focus
            error={apply.error}
            success={
              apply.data &&
              (apply.data.already_done
                ? `このファイルの内容はすべて取り込み済みです。${alreadyDoneText(apply.data.audit)}`
                : `取り込みました：変わったもの ${apply.data.changed}件。スコアとランキングはまもなく更新されます。`)
            }
          />
          {preview &&
            (preview.players.length === 0 ? (
              <p>変わる選手はいません。</p>
            ) : (
              <ul className="ops-changes" aria-label="変わる選手">
                {preview.players.map((p) => (
                  <li key={`${p.round}-${p.player_id}`}>
                    <strong>{p.name}</strong>（{p.player_id}・第{p.round}ラウンド）
                    <br />
                    {roundValue(p.before)} → {roundValue(p.after)}
                  </li>
                ))}
              </ul>
            ))}
        </section>
      )}
    </>
  );
}
