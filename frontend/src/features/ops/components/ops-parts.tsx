import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { RouteResponse } from '@golf/shared/contracts';
import { correctionLabels } from '@golf/shared/game/correction';
import type { OpsTournament } from '@golf/shared/schemas/ops';
import { formatTokyoDateTime } from '@golf/shared/game/format';
import { Badge } from '@/components/ui/badge';
import { isApiError } from '@/lib/api-client';
import { newestFirst, tournamentInPlay } from '../model/in-play';

/** The console's sections; the chosen tournament travels with the operator between them. */
export function OpsNav({ gameGlobalId }: { gameGlobalId?: string | undefined }) {
  const search = { game_global_id: gameGlobalId };
  return (
    <nav className="ops-nav" aria-label="運営メニュー">
      <Link to="/ops" activeOptions={{ exact: true }}>
        大会一覧
      </Link>
      <Link to="/ops/setup" search={search}>
        大会の準備
      </Link>
      <Link to="/ops/results" search={search}>
        結果の取り込み
      </Link>
      <Link to="/ops/rounds" search={search}>
        ラウンドの操作
      </Link>
      <Link to="/ops/prizes" search={search}>
        賞品の抽選
      </Link>
      <Link to="/ops/content">お知らせ・クイズ・出力</Link>
    </nav>
  );
}

const resultLabels = { none: '結果なし', provisional: '速報', final: '確定' } as const;

/** A round's state in words and colour: cancelled, final, provisional, locked or open. */
function RoundStateBadges({ round }: { round: OpsTournament['rounds'][number] }) {
  if (round.cancelled) return <Badge tone="red">中止</Badge>;
  return (
    <>
      <Badge tone={round.locked ? 'grey' : 'blue'}>{round.locked ? '締め切り済み' : '受付中'}</Badge>
      <Badge tone={round.results === 'final' ? 'green' : round.results === 'provisional' ? 'live' : 'grey'}>
        {resultLabels[round.results]}
      </Badge>
      {round.locked && !round.settled_at && <Badge tone="gold">繰り越し未実行</Badge>}
    </>
  );
}

export function RoundRows({ tournament }: { tournament: OpsTournament }) {
  return (
    <ul className="ops-rounds">
      {tournament.rounds.map((round) => (
        <li key={round.round} className="ops-rounds__row" data-round={round.round}>
          <span className="ops-rounds__name">第{round.round}ラウンド</span>
          <span className="ops-rounds__deadline">締め切り {formatTokyoDateTime(round.deadline_at)}</span>
          <span className="ops-rounds__badges">
            <RoundStateBadges round={round} />
          </span>
          {round.deadline_note && <span className="ops-rounds__note">{round.deadline_note}</span>}
          {round.cancel_note && <span className="ops-rounds__note">{round.cancel_note}</span>}
        </li>
      ))}
    </ul>
  );
}

/**
 * With no tournament in the address, the one in play is chosen (`choose` puts it into the address,
 * so a reload or a shared link keeps it).
 */
export function usePreselectedTournament(
  tournaments: readonly OpsTournament[],
  chosen: string | undefined,
  choose: (tournament: OpsTournament) => void,
) {
  const inPlay = tournamentInPlay(tournaments);
  useEffect(() => {
    if (!chosen && inPlay) choose(inPlay);
  }, [chosen, inPlay, choose]);
}

/**
 * A select of the tournaments by start date, newest first (the one in play is chosen for the
 * operator, not moved out of the order).
 */
export function TournamentSelect({
  tournaments,
  value,
  onChange,
}: {
  tournaments: readonly OpsTournament[];
  value: string | undefined;
  onChange: (gameGlobalId: string) => void;
}) {
  return (
    <label className="ops-field">
      <span>大会</span>
      <select className="form-control" value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        <option value="" disabled>
          大会を選んでください
        </option>
        {newestFirst(tournaments).map((t) => (
          <option key={t.game_global_id} value={t.game_global_id}>
            {t.tournament_name}（{t.game_global_id}）
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * A button for an action that cannot be undone: the first press says what will happen, the
 * second (the same verb, in the confirmation) carries it out. `onAsk` runs as the confirmation
 * opens (an action's dry run), and the action waits for `ready` (its answer).
 */
export function ConfirmAction({
  label,
  warning,
  pending,
  disabled,
  onConfirm,
  onAsk,
  ready = true,
}: {
  label: string;
  warning: ReactNode;
  pending: boolean;
  disabled?: boolean;
  onConfirm: () => void;
  onAsk?: () => void;
  ready?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button
        type="button"
        className="button button--primary"
        disabled={disabled || pending}
        onClick={() => {
          setAsking(true);
          onAsk?.();
        }}
      >
        {label}
      </button>
    );
  return (
    <div className="ops-confirm" role="alertdialog" aria-label={`${label}の確認`}>
      <div className="notice">{warning}</div>
      <div className="ops-confirm__buttons">
        <button
          type="button"
          className="button button--primary"
          disabled={pending || !ready}
          onClick={() => {
            setAsking(false);
            onConfirm();
          }}
        >
          {label}
        </button>
        <button type="button" className="button button--outline" onClick={() => setAsking(false)}>
          やめる
        </button>
      </div>
    </div>
  );
}

/** The words of the fields the console sends, for the API's field errors (`line N` reads N行目). */
const fieldWords: Record<string, string> = {
  game_global_id: '大会',
  season_id: 'シーズン',
  tournament_name: '大会名',
  venue: '会場',
  start_on: '初日',
  end_on: '最終日',
  deadline_r1: '第1ラウンドの締め切り',
  deadline_r2: '第2ラウンドの締め切り',
  deadline_r3: '第3ラウンドの締め切り',
  deadline_r4: '第4ラウンドの締め切り',
  cut_after_round: '予選カット',
  cut_top: '予選通過の人数',
  format: 'ファイルの形式',
  content: 'ファイルの内容',
  kind: '賞品の種類',
  name: '賞品名',
  description: '説明',
  image_url: '画像',
  image_key: '画像',
  value_yen: '金額',
  rank_from: '何位から',
  rank_to: '何位まで',
  winners_count: '当選人数',
  deadline_at: '新しい締め切り',
  reason: '理由',
  player_id: '選手',
  round: 'ラウンド',
  ...correctionLabels,
};

/** A field error's place in words: the field's name, the line of a file, or nothing for an unnamed detail. */
function fieldWord(field: string): string | null {
  const line = /^line (\d+)$/.exec(field);
  if (line) return line[1] === '0' ? 'ファイル全体' : `${line[1]}行目`;
  return fieldWords[field] ?? null;
}

/**
 * What the last action answered: its refusal with the field messages, or what it did. With `focus`,
 * the answer takes the focus as it appears (and so scrolls into view), for an answer the operator
 * would otherwise have to look for.
 */
export function ActionOutcome({
  error,
  success,
  focus = false,
}: {
  error: unknown;
  success?: ReactNode;
  focus?: boolean;
}) {
  const shown = Boolean(error) || Boolean(success);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus && shown) ref.current?.focus();
  }, [focus, shown, error]);
  if (error) {
    const message = error instanceof Error ? error.message : String(error);
    // A detail the message already says (the checks of a final, the teams a deadline locks) is not repeated.
    const fields = (isApiError(error) && error.errors ? Object.entries(error.errors) : [])
      .map(([field, messages]) => ({ field, word: fieldWord(field), messages }))
      .filter(({ word, messages }) => word !== null || messages.some((m) => !message.includes(m)));
    return (
      <div ref={ref} tabIndex={-1} className="ops-outcome ops-outcome--error" role="alert">
        <p>{message}</p>
        {fields.length > 0 && (
          <ul>
            {fields.map(({ field, word, messages }) => (
              <li key={field}>
                {word && `${word}：`}
                {messages.join(' ')}
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  if (!success) return null;
  return (
    <div ref={ref} tabIndex={-1} className="ops-outcome" role="status">
      {success}
    </div>
  );
}

/** A CSV the API returned, offered as a file (UTF-8 with BOM, as the CLI writes it). */
export function CsvDownload({ csv, fileName, count }: { csv: string; fileName: string; count: number }) {
  const href = useMemo(() => URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' })), [csv]);
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  return (
    <p>
      {count}件を書き出しました。{' '}
      <a className="text-link" href={href} download={fileName}>
        {fileName} を保存
      </a>
    </p>
  );
}

/** A labelled text or Tokyo date-time input of the console. */
export function OpsInput({
  label,
  value,
  onChange,
  type = 'text',
  inputMode,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'datetime-local' | 'date';
  inputMode?: 'text' | 'numeric';
}) {
  return (
    <label className="ops-field">
      <span>{label}</span>
      <input
        type={type}
        className="form-control"
        inputMode={inputMode}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

/** A number typed in a form; what is not one goes as typed, for the API to say what it needs. */
export const numberOf = (text: string) =>
  /^\s*\d+\s*$/.test(text) ? Number(text) : (text as unknown as number);

/** The round a round form acts on, and its tournament. */
export interface RoundOfTournament {
  tournament: OpsTournament;
  round: OpsTournament['rounds'][number];
}

/** A round as the round actions' bodies name it. */
export const roundTarget = ({ tournament, round }: RoundOfTournament) => ({
  game_global_id: tournament.game_global_id,
  round: round.round,
});

/** 'YYYY-MM-DDTHH:mm' read as Asia/Tokyo wall-clock time. */
export const tokyoInputToIso = (value: string) => `${value}:00+09:00`;

/** An instant as a datetime-local input shows it, in Tokyo time. */
export const isoToTokyoInput = (iso: string) =>
  new Date(Date.parse(iso) + 9 * 3600_000).toISOString().slice(0, 16);

/** A repeated final, draw or import: it was in place already (since when, if it was recorded), and nothing changed. */
export const alreadyDoneText = (audit: { at: string } | null | undefined): string =>
  `${audit ? `${formatTokyoDateTime(audit.at)}に` : ''}すでに済んでいます。何も変えていません。`;

/** What an operator action did, in words: its note, and when players see their scores move. */
export function auditSummary(result: RouteResponse<'markRoundFinal'> | undefined): ReactNode {
  if (!result) return null;
  if (result.already_done) return alreadyDoneText(result.audit);
  return (
    <>
      記録しました{result.audit ? `（${result.audit.note}）` : ''}
      {result.score_changes === null
        ? '。スコアが変わった参加者への変更の記録は、ランキングの更新とともに書き込まれます'
        : `。スコアが変わった参加者：${result.score_changes}人`}
      {result.teams_locked !== undefined
        ? `。この変更で締め切られたチーム：${result.teams_locked}チーム`
        : ''}
      。{result.warnings?.length ? `確認事項を承知のうえ確定しました：${result.warnings.join(' ')}` : ''}
    </>
  );
}
