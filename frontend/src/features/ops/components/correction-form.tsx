import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  changedFields,
  correctionLabels,
  correctionValueText,
  playerStatusWords,
  type CorrectableRow,
} from '@golf/shared/game/correction';
import type { OpsResultRow } from '@golf/shared/schemas/ops';
import { playerStatusSchema, type PlayerStatus } from '@golf/shared/schemas/schedule';
import { isApiError } from '@/lib/api-client';
import { roundResultsQueryOptions, useOpsAction, useOpsDryRun } from '../api/ops-calls';
import { ActionPreviewView } from './action-preview';
import { ActionOutcome, ConfirmAction, OpsInput, auditSummary } from './ops-parts';

const numberFields = ['strokes', 'to_par', 'thru', 'birdies', 'eagles', 'bogeys'] as const;
type NumberField = (typeof numberFields)[number];
/** What the operator typed, field by field; a field not typed in keeps the value the form opened with. */
type Edits = Partial<Record<NumberField, string>> & { status?: PlayerStatus };

/** A typed number: '' is none (strokes and score only), 'E' is even par; undefined when not a number. */
function parseNumber(field: NumberField, text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return field === 'strokes' || field === 'to_par' ? null : undefined;
  if (field === 'to_par' && /^e$/i.test(trimmed)) return 0;
  return /^[+-]?\d+$/.test(trimmed) ? Number(trimmed) : undefined;
}

const shown = (field: NumberField, value: number | null) =>
  value === null ? '' : field === 'to_par' && value > 0 ? `+${value}` : String(value);

/** The row the form would send: the opened row with what the operator typed; null while a number is wrong. */
function edited(opened: CorrectableRow, edits: Edits): CorrectableRow | null {
  const next: CorrectableRow = { ...opened, status: edits.status ?? opened.status };
  for (const field of numberFields) {
    const text = edits[field];
    if (text === undefined) continue;
    const value = parseNumber(field, text);
    if (value === undefined) return null;
    next[field] = value as never;
  }
  return next;
}

/** Before → after of the values that change, in the operators' words. */
function ChangeTable({
  before,
  after,
  headings = ['今の値', '訂正後'],
}: {
  before: CorrectableRow;
  after: CorrectableRow;
  headings?: [string, string];
}) {
  const fields = changedFields(before, after);
  return (
    <table className="ops-diff">
      <thead>
        <tr>
          <th scope="col">項目</th>
          <th scope="col">{headings[0]}</th>
          <th scope="col">{headings[1]}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field} data-field={field}>
            <th scope="row">{correctionLabels[field]}</th>
            <td>{correctionValueText(field, before[field])}</td>
            <td>{correctionValueText(field, after[field])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * 結果の訂正: the operator picks a player, the form opens with his stored values of the round, and
 * only the values he changes are sent, with the version of the row the form opened with. A row
 * changed since is refused; the form then shows the stored values and opens again from them.
 */
export function CorrectionForm({ gameGlobalId, round }: { gameGlobalId: string; round: number }) {
  const results = useQuery(roundResultsQueryOptions(gameGlobalId, round));
  const action = useOpsAction('correctResult');
  const check = useOpsDryRun('correctResult');
  const [opened, setOpened] = useState<OpsResultRow | null>(null);
  const [edits, setEdits] = useState<Edits>({});
  const [reason, setReason] = useState('');
  const players = results.data?.players ?? [];
  const open = (row: OpsResultRow | null) => {
    setOpened(row);
    setEdits({});
  };
  const after = opened ? edited(opened, edits) : null;
  const changes = opened && after ? changedFields(opened, after) : [];
  // A row changed since the form opened is refused by the confirmation's check or by the correction.
  const refusal = action.error ?? check.error;
  const stale = isApiError(refusal) && refusal.status === 409 && refusal.current;
  /** Only the values the operator changed, with the version the form opened with. */
  const body = (dryRun: boolean) =>
    opened && after
      ? {
          game_global_id: gameGlobalId,
          round,
          player_id: opened.player_id,
          base_version: opened.version,
          reason,
          ...Object.fromEntries(changes.map((field) => [field, after[field]])),
          ...(dryRun && { dry_run: true }),
        }
      : null;

  return (
    <section className="section card" aria-label="結果の訂正">
      <h2 className="section__title">結果を訂正する</h2>
      <p>
        選手を選ぶと、今の値が入った状態で開きます。変えた項目だけが訂正され、ほかの値はそのまま残ります。
      </p>
      <label className="ops-field">
        <span>選手</span>
        <select
          className="form-control"
          aria-label="選手"
          value={opened?.player_id ?? ''}
          onChange={(event) => {
            action.reset();
            check.reset();
            open(players.find((p) => p.player_id === event.target.value) ?? null);
          }}
        >
          <option value="">選手を選んでください</option>
          {players.map((p) => (
            <option key={p.player_id} value={p.player_id}>
              {p.name}（{playerStatusWords[p.status]}）
            </option>
          ))}
        </select>
      </label>
      {opened && (
        <>
          <div className="ops-grid">
            <label className="ops-field">
              <span>{correctionLabels.status}</span>
              <select
                className="form-control"
                aria-label={correctionLabels.status}
                value={edits.status ?? opened.status}
                onChange={(event) => setEdits({ ...edits, status: event.target.value as PlayerStatus })}
              >
                {playerStatusSchema.options.map((status) => (
                  <option key={status} value={status}>
                    {playerStatusWords[status]}
                  </option>
                ))}
              </select>
            </label>
            {numberFields.map((field) => (
              <OpsInput
                key={field}
                label={correctionLabels[field]}
                inputMode="numeric"
                value={edits[field] ?? shown(field, opened[field])}
                onChange={(value) => setEdits({ ...edits, [field]: value })}
              />
            ))}
          </div>
          {!after && (
            <p className="ops-outcome ops-outcome--error">
              数字で入力してください（スコアは +2、-3、E のように）。
            </p>
          )}
          <OpsInput
            label="理由（記録され、プレイヤーに表示されることがあります）"
            value={reason}
            onChange={setReason}
          />
          <ConfirmAction
            // Opened again from the stored row, the confirmation starts over.
            key={opened.version}
            label="訂正する"
            warning={
              <>
                {opened.name}選手の第{round}
                ラウンドを次のように訂正します。スコア・順位・ポイントが計算し直され、記録が残ります。
                {after && <ChangeTable before={opened} after={after} />}
                <ActionPreviewView check={check} />
              </>
            }
            pending={action.isPending}
            disabled={!after || changes.length === 0 || !reason.trim()}
            onAsk={() => {
              const checked = body(true);
              if (checked) check.mutate({ body: checked });
            }}
            ready={Boolean(check.data)}
            onConfirm={() => {
              const sent = body(false);
              if (!sent) return;
              action.mutate(
                { body: sent },
                {
                  // The row opens again from its stored values, with its new version.
                  onSuccess: () =>
                    void results
                      .refetch()
                      .then((fresh) =>
                        open(fresh.data?.players.find((p) => p.player_id === opened.player_id) ?? null),
                      ),
                },
              );
            }}
          />
          {changes.length === 0 && after && (
            <p className="muted">変える項目を入力すると、訂正できるようになります。</p>
          )}
        </>
      )}
      <ActionOutcome error={action.error} success={auditSummary(action.data)} />
      {stale && opened && (
        <div className="ops-outcome" role="status" aria-label="保存されている値">
          <p>保存されている今の値です。確かめてから、もう一度訂正してください。</p>
          <ChangeTable
            before={opened}
            after={{ ...opened, ...(stale as Partial<CorrectableRow>) }}
            headings={['フォームを開いたとき', '今の値']}
          />
          <button
            type="button"
            className="button button--outline"
            onClick={() => {
              action.reset();
              check.reset();
              open({ ...opened, ...(stale as Partial<OpsResultRow>) });
            }}
          >
            今の値で開き直す
          </button>
        </div>
      )}
    </section>
  );
}

/** A player of the tournament's field chosen by name (the field as round 1's stored rows list it). */
export function FieldPlayerSelect({
  gameGlobalId,
  value,
  onChange,
}: {
  gameGlobalId: string;
  value: string;
  onChange: (playerId: string) => void;
}) {
  const players = useQuery(roundResultsQueryOptions(gameGlobalId, 1)).data?.players ?? [];
  return (
    <label className="ops-field">
      <span>棄権する選手</span>
      <select className="form-control" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">選手を選んでください</option>
        {players.map((p) => (
          <option key={p.player_id} value={p.player_id} disabled={p.status !== 'active'}>
            {p.name}
            {p.status !== 'active' && `（${playerStatusWords[p.status]}）`}
          </option>
        ))}
      </select>
    </label>
  );
}
