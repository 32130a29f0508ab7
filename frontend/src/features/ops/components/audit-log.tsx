import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { correctionLabels, correctionValueText, type CorrectableRow } from '@golf/shared/game/correction';
import { formatTokyoDateTime } from '@golf/shared/game/format';
import type { AuditRecord } from '@golf/shared/schemas/game';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

const actionWords: Record<AuditRecord['action'], string> = {
  move_deadline: '締め切りの変更',
  correct_result: '結果の訂正',
  mark_final: '結果の確定',
  withdraw_player: '選手の棄権',
  cancel_round: 'ラウンドの中止',
  cancel_tournament: '大会の中止',
  import_tournament: '大会の取り込み',
  import_results: '結果の取り込み',
  draw_prizes: '賞品の抽選',
  save_tournament: '大会の設定',
  import_field: '出場選手の取り込み',
  save_prize: '賞品の登録',
  retire_prize: '賞品の公開の停止',
  restore_prize: '賞品の公開の再開',
};

const resultWords: Record<string, string> = { none: '結果なし', provisional: '速報', final: '確定' };

type Values = Partial<CorrectableRow> & { name?: string; player_id?: string };

/** What an action changed, before → after, in the operators' words. */
function change(entry: AuditRecord): ReactNode {
  if (entry.action === 'correct_result') {
    const before = (entry.before ?? {}) as Values;
    const after = (entry.after ?? {}) as Values;
    const fields = (Object.keys(correctionLabels) as Array<keyof CorrectableRow>).filter(
      (field) => field in after,
    );
    return (
      <>
        {after.name && `${after.name}選手：`}
        {fields
          .map(
            (field) =>
              `${correctionLabels[field]} ${correctionValueText(field, before[field])} → ${correctionValueText(field, after[field])}`,
          )
          .join('、')}
      </>
    );
  }
  if (entry.action === 'move_deadline' && typeof entry.before === 'string' && typeof entry.after === 'string')
    return `${formatTokyoDateTime(entry.before)} → ${formatTokyoDateTime(entry.after)}`;
  if (entry.action === 'mark_final' && typeof entry.before === 'string')
    return `${resultWords[entry.before] ?? entry.before} → 確定`;
  const counts = (entry.after ?? {}) as { changed?: number; prizes?: Array<{ winners: number }> };
  if (
    (entry.action === 'import_results' ||
      entry.action === 'import_tournament' ||
      entry.action === 'import_field') &&
    counts.changed !== undefined
  )
    return `変わった選手 ${counts.changed}人`;
  const prize = (entry.after ?? {}) as { name?: unknown };
  if (
    (entry.action === 'save_prize' || entry.action === 'retire_prize' || entry.action === 'restore_prize') &&
    typeof prize.name === 'string'
  )
    return `賞品「${prize.name}」`;
  if (entry.action === 'draw_prizes' && counts.prizes)
    return `${counts.prizes.length}件の賞品、当選者 ${counts.prizes.reduce((sum, prize) => sum + prize.winners, 0)}人`;
  return null;
}

/**
 * 操作の記録: every operator action on the tournament, newest first: when, what, by whom, why, and
 * what it changed (before → after).
 */
export function AuditLog({ gameGlobalId }: { gameGlobalId: string }) {
  const log = useQuery({
    queryKey: queryKeys.ops.audit(gameGlobalId),
    queryFn: ({ signal }) => api.getOpsAuditLog({ signal, query: { game_global_id: gameGlobalId } }),
    retry: false,
  });
  const entries = log.data?.entries ?? [];
  return (
    <section className="section card" aria-label="操作の記録">
      <h2 className="section__title">操作の記録</h2>
      {log.isPending ? (
        <p className="muted">読み込んでいます…</p>
      ) : entries.length === 0 ? (
        <p className="muted">この大会への操作はまだありません。</p>
      ) : (
        <ul className="ops-audit">
          {entries.map((entry) => {
            const what = change(entry);
            return (
              <li key={entry.id}>
                <strong>
                  {formatTokyoDateTime(entry.at)} {actionWords[entry.action]}
                  {entry.round > 0 && `（第${entry.round}ラウンド）`}
                </strong>
                <br />
                理由：{entry.reason}
                {what && (
                  <>
                    <br />
                    {what}
                  </>
                )}
                <br />
                <span className="muted">操作した人：{entry.by_name}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
