import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { OpsPrizeList, OpsTournament } from '@golf/shared/schemas/ops';
import { Badge } from '@/components/ui/badge';
import { opsPrizesQueryOptions, useOpsAction, useOpsTournaments } from '@/features/ops/api/ops-calls';
import { ImportSource, useCheckedImport } from '@/features/ops/components/checked-import';
import {
  ActionOutcome,
  alreadyDoneText,
  ConfirmAction,
  isoToTokyoInput,
  OpsInput,
  OpsNav,
  tokyoInputToIso,
  TournamentSelect,
} from '@/features/ops/components/ops-parts';
import { optionalText, pageSearch } from '@/lib/search-params';
import { useImageUpload } from '@/lib/upload-image';

const searchSchema = pageSearch({ game_global_id: optionalText() });

export const Route = createFileRoute('/ops/setup')({
  staticData: { page: { title: '大会の準備', stackType: 'static', parent: '/ops' } },
  validateSearch: searchSchema,
  component: OpsSetupPage,
});

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

/** A number typed in a form; what is not one goes as typed, for the API to say what it needs. */
const numberOf = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : (text as unknown as number));

/** 大会を作る・変更する: the tournament's names, dates, cut and the deadlines of its 4 rounds. */
function TournamentSettings({
  tournament,
  onCreated,
}: {
  tournament: OpsTournament | undefined;
  onCreated: (gameGlobalId: string) => void;
}) {
  const navigate = useNavigate({ from: Route.fullPath });
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
        onSuccess: (result) => {
          if (!tournament) onCreated(result.game_global_id);
          void navigate({ search: { game_global_id: result.game_global_id } });
        },
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

/** 出場選手の取り込み: a field file checked first, then imported into the chosen tournament. */
function FieldImport({ tournament }: { tournament: OpsTournament }) {
  const { dryRun, apply, checked, reset, check } = useCheckedImport('importField');
  const [content, setContent] = useState('');
  const format = content.trimStart().startsWith('{') || content.trimStart().startsWith('[') ? 'json' : 'csv';
  const body = { game_global_id: tournament.game_global_id, format, content } as const;
  return (
    <section className="section card" aria-label="出場選手の取り込み">
      <h2 className="section__title">出場選手を取り込む</h2>
      <p>
        1行に1人の CSV（見出しは選手ID・名前・カナ・国、あれば世界ランクとアマチュアの列）か JSON
        です。すでにいる選手は名前などを更新し、ファイルにない選手はそのまま残ります。
      </p>
      <ImportSource
        fileLabel="出場選手のファイル"
        contentLabel="出場選手の内容"
        rows={6}
        content={content}
        onContent={(text) => {
          setContent(text);
          reset();
        }}
        checking={dryRun.isPending}
        onCheck={() => check({ body: { ...body, dry_run: true } })}
      />
      <ActionOutcome
        error={dryRun.error}
        success={
          checked &&
          !apply.data &&
          `${checked.players}人のうち、新しい選手か変わる選手 ${checked.changed}人、変わらない選手 ${checked.unchanged}人。`
        }
      />
      {checked && !apply.data && (
        <ConfirmAction
          label="取り込む"
          warning={`${tournament.tournament_name}の出場選手に取り込みます。`}
          pending={apply.isPending}
          onConfirm={() => apply.mutate({ body })}
        />
      )}
      <ActionOutcome
        error={apply.error}
        success={
          apply.data &&
          (apply.data.already_done
            ? `このファイルの選手はすべて取り込み済みです。${alreadyDoneText(apply.data.audit)}`
            : `取り込みました：ファイルの${apply.data.players}人のうち、新しい選手か変わった選手は${apply.data.changed}人です。ファイルにない出場選手は、そのまま残っています。`)
        }
      />
    </section>
  );
}

const kindWords = { game: '順位賞', entry: '参加賞（抽選）', yearly: '年間賞' } as const;
type PrizeKind = keyof typeof kindWords;
type OpsPrize = OpsPrizeList['prizes'][number];

/** Who wins a prize, in words: its ranks, or how many are drawn. */
const winnersText = (prize: OpsPrize) =>
  prize.rank_from === null
    ? `抽選で${prize.winners_count}人`
    : prize.rank_from === prize.rank_to
      ? `${prize.rank_from}位`
      : `${prize.rank_from}〜${prize.rank_to}位`;

/**
 * 賞品を登録する: a rank prize, the entry lottery or a yearly prize of the chosen tournament's season,
 * with its image (uploaded at once and shown; 画像を外す removes it). `initial` is a listed prize
 * opened to edit it.
 */
function PrizeForm({ tournament, initial }: { tournament: OpsTournament; initial: OpsPrize | undefined }) {
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
          {(Object.keys(kindWords) as PrizeKind[]).map((k) => (
            <option key={k} value={k}>
              {k === 'yearly' ? `${kindWords[k]}（${tournament.season_id}年シーズン）` : kindWords[k]}
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

/**
 * この大会の賞品: the tournament's prizes and its season's yearly prizes, each opened in the form by
 * 変更する, and 公開をやめる / 公開に戻す (a drawn prize keeps its winners and cannot be retired).
 */
function PrizeList({ tournament, onEdit }: { tournament: OpsTournament; onEdit: (prize: OpsPrize) => void }) {
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
            {prize.name} <Badge tone="blue">{kindWords[prize.kind]}</Badge>{' '}
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

/** The prize section of a tournament: its list, and the form that creates a prize or edits a listed one. */
function PrizeSetup({ tournament }: { tournament: OpsTournament }) {
  const [editing, setEditing] = useState<{ prize: OpsPrize | undefined; key: number }>({
    prize: undefined,
    key: 0,
  });
  return (
    <>
      <PrizeList
        tournament={tournament}
        onEdit={(prize) => setEditing((current) => ({ prize, key: current.key + 1 }))}
      />
      <PrizeForm key={editing.key} tournament={tournament} initial={editing.prize} />
    </>
  );
}

function OpsSetupPage() {
  const { game_global_id } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const tournaments = useOpsTournaments();
  const tournament = tournaments.find((t) => t.game_global_id === game_global_id);
  // The settings form is keyed by the tournament the address names, so it opens with that
  // tournament's stored values however it was chosen (the select, a link, back and forward). An empty
  // form keeps its key once it created a tournament: it stays open to say what it did.
  const [blank, setBlank] = useState<{ count: number; created?: string }>({ count: 0 });
  const formKey =
    tournament && tournament.game_global_id !== blank.created
      ? `tournament-${tournament.game_global_id}`
      : `new-${blank.count}`;
  const choose = (id: string | undefined) => {
    if (!id) setBlank((current) => ({ count: current.count + 1 }));
    void navigate({ search: id ? { game_global_id: id } : {} });
  };
  return (
    <>
      <OpsNav gameGlobalId={game_global_id} />
      <section className="section card">
        <h2 className="section__title">大会の準備</h2>
        <p>新しい大会を作るか、準備する大会を選んでください。</p>
        <TournamentSelect
          tournaments={tournaments}
          value={tournament ? game_global_id : ''}
          onChange={choose}
        />
        {tournament && (
          <button type="button" className="button button--outline" onClick={() => choose(undefined)}>
            新しい大会を作る
          </button>
        )}
      </section>
      <TournamentSettings
        key={formKey}
        tournament={tournament}
        onCreated={(created) => setBlank((current) => ({ ...current, created }))}
      />
      {tournament && (
        <>
          <FieldImport key={`field-${tournament.game_global_id}`} tournament={tournament} />
          <PrizeSetup key={`prize-${tournament.game_global_id}`} tournament={tournament} />
        </>
      )}
    </>
  );
}
