import { useState } from 'react';
import type { OpsTournament } from '@golf/shared/schemas/ops';
import { useOpsAction } from '../api/ops-calls';
import {
  ActionOutcome,
  alreadyDoneText,
  ConfirmAction,
  isoToTokyoInput,
  numberOf,
  OpsInput,
  tokyoInputToIso,
} from './ops-parts';

const rounds = [1, 2, 3, 4] as const;

/** The tournament form's values, as its inputs hold them (dates and Tokyo times as typed). */
interface TournamentForm {
  id: string;
  season: string;
  name: string;
  venue: string;
  startOn: string;
  endOn: string;
  deadlines: string[];
  cutAfter: string;
  cutTop: string;
}

const emptyForm = (): TournamentForm => ({
  id: '',
  season: String(new Date().getFullYear()),
  name: '',
  venue: '',
  startOn: '',
  endOn: '',
  deadlines: ['', '', '', ''],
  cutAfter: '2',
  cutTop: '60',
});

const formOf = (t: OpsTournament): TournamentForm => ({
  id: t.game_global_id,
  season: String(t.season_id),
  name: t.tournament_name,
  venue: t.venue,
  startOn: t.start_on,
  endOn: t.end_on,
  deadlines: t.rounds.map((r) => isoToTokyoInput(r.deadline_at)),
  cutAfter: String(t.cut?.after_round ?? 2),
  cutTop: String(t.cut?.top ?? 60),
});

/** 大会を作る・変更する: the tournament's names, dates, cut and the deadlines of its 4 rounds. */
export function TournamentSettingsForm({
  tournament,
  onSaved,
}: {
  tournament: OpsTournament | undefined;
  onSaved: (gameGlobalId: string) => void;
}) {
  const save = useOpsAction('saveTournament');
  const [form, setForm] = useState<TournamentForm>(() => (tournament ? formOf(tournament) : emptyForm()));
  const set = (change: Partial<TournamentForm>) => setForm((current) => ({ ...current, ...change }));
  const title = tournament ? '大会の設定を変更する' : '大会を作る';
  const send = () =>
    save.mutate(
      {
        body: {
          // A change goes to the tournament the form was opened with, the one its heading names.
          game_global_id: tournament ? tournament.game_global_id : form.id.trim(),
          season_id: numberOf(form.season),
          tournament_name: form.name,
          venue: form.venue,
          start_on: form.startOn,
          end_on: form.endOn,
          deadline_r1: form.deadlines[0] ? tokyoInputToIso(form.deadlines[0]) : '',
          deadline_r2: form.deadlines[1] ? tokyoInputToIso(form.deadlines[1]) : '',
          deadline_r3: form.deadlines[2] ? tokyoInputToIso(form.deadlines[2]) : '',
          deadline_r4: form.deadlines[3] ? tokyoInputToIso(form.deadlines[3]) : '',
          cut_after_round: numberOf(form.cutAfter),
          cut_top: numberOf(form.cutTop),
        },
      },
      {
        // The new tournament is the one the rest of the page (and the console) works on.
        onSuccess: (result) => onSaved(result.game_global_id),
      },
    );
  return (
    <section className="section card" aria-label={title}>
      <h2 className="section__title">{title}</h2>
      <p>
        4つのラウンドの締め切りまで決めて保存します。出場選手は保存のあとで取り込みます。締め切りを過ぎたラウンドの締め切りは「ラウンドの操作」で変更します。
      </p>
      {tournament ? (
        <p>大会ID：{tournament.game_global_id}</p>
      ) : (
        <OpsInput
          label="大会ID（英数字と - _ 。結果のファイルで大会を指すのに使います）"
          value={form.id}
          onChange={(id) => set({ id })}
        />
      )}
      <OpsInput label="大会名" value={form.name} onChange={(name) => set({ name })} />
      <OpsInput label="会場" value={form.venue} onChange={(venue) => set({ venue })} />
      <div className="ops-grid">
        <OpsInput
          label="シーズン（西暦）"
          value={form.season}
          onChange={(season) => set({ season })}
          inputMode="numeric"
        />
        <span />
        <OpsInput label="初日" type="date" value={form.startOn} onChange={(startOn) => set({ startOn })} />
        <OpsInput label="最終日" type="date" value={form.endOn} onChange={(endOn) => set({ endOn })} />
      </div>
      {rounds.map((n) => (
        <OpsInput
          key={n}
          label={`第${n}ラウンドの締め切り（日本時間）`}
          type="datetime-local"
          value={form.deadlines[n - 1] ?? ''}
          onChange={(value) => set({ deadlines: form.deadlines.map((d, i) => (i === n - 1 ? value : d)) })}
        />
      ))}
      <div className="ops-grid">
        <label className="ops-field">
          <span>予選カット</span>
          <select
            className="form-control"
            value={form.cutAfter}
            onChange={(event) => set({ cutAfter: event.target.value })}
          >
            <option value="0">なし</option>
            {[1, 2, 3].map((n) => (
              <option key={n} value={n}>
                第{n}ラウンドのあと
              </option>
            ))}
          </select>
        </label>
        <OpsInput
          label="予選通過（上位の人数、タイを含む）"
          value={form.cutTop}
          onChange={(cutTop) => set({ cutTop })}
          inputMode="numeric"
        />
      </div>
      {tournament ? (
        <ConfirmAction
          label="変更を保存する"
          warning={`${tournament.tournament_name}（${tournament.game_global_id}）に保存します。`}
          pending={save.isPending}
          onConfirm={send}
        />
      ) : (
        <button type="button" className="button button--primary" disabled={save.isPending} onClick={send}>
          大会を作る
        </button>
      )}
      <ActionOutcome
        error={save.error}
        success={
          save.data &&
          (save.data.already_done
            ? `この内容で保存済みです。${alreadyDoneText(save.data.audit)}`
            : `保存しました（${save.data.audit?.note ?? ''}）。`)
        }
      />
    </section>
  );
}
