import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import type { OpsTournament } from '@golf/shared/schemas/ops';
import { Badge } from '@/components/ui/badge';
import { prizeDrawPreviewQueryOptions, useOpsAction, useOpsTournaments } from '@/features/ops/api/ops-calls';
import {
  ActionOutcome,
  alreadyDoneText,
  ConfirmAction,
  CsvDownload,
  OpsNav,
  TournamentSelect,
  usePreselectedTournament,
} from '@/features/ops/components/ops-parts';
import { optionalText, pageSearch } from '@/lib/search-params';

const searchSchema = pageSearch({ game_global_id: optionalText() });

export const Route = createFileRoute('/ops/prizes')({
  staticData: { page: { title: '賞品の抽選', stackType: 'static', parent: '/ops' } },
  validateSearch: searchSchema,
  component: OpsPrizesPage,
});

const kindLabels = { game: '順位賞', entry: '参加賞（抽選）', yearly: '年間賞' } as const;

function OpsPrizesPage() {
  const { game_global_id } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const tournaments = useOpsTournaments();
  const [requested, setRequested] = useState<string | null>(null);
  const [redraw, setRedraw] = useState(false);
  const preview = useQuery({
    ...prizeDrawPreviewQueryOptions(requested ?? ''),
    enabled: requested !== null,
    // The draw reads the preview again: keep showing it meanwhile.
    placeholderData: (previous) => previous,
  });
  const chooseTournament = useCallback(
    (chosen: OpsTournament) =>
      void navigate({ search: { game_global_id: chosen.game_global_id }, replace: true }),
    [navigate],
  );
  usePreselectedTournament(tournaments, game_global_id, chooseTournament);
  const draw = useOpsAction('drawPrizes');
  const exportWinners = useOpsAction('exportPrizeWinners');
  const shown =
    requested === game_global_id && preview.data?.game_global_id === game_global_id
      ? preview.data
      : undefined;
  const anyDrawn = shown?.prizes.some((p) => p.drawn) ?? false;
  const shortfalls = shown?.prizes.filter((p) => p.shortfall) ?? [];

  return (
    <>
      <OpsNav gameGlobalId={game_global_id} />
      <section className="section card">
        <TournamentSelect
          tournaments={tournaments}
          value={game_global_id}
          onChange={(id) => {
            setRequested(null);
            draw.reset();
            exportWinners.reset();
            void navigate({ search: { game_global_id: id } });
          }}
        />
        <button
          type="button"
          className="button button--outline"
          disabled={!game_global_id}
          onClick={() => {
            draw.reset();
            setRequested(game_global_id!);
          }}
        >
          抽選結果を確認する（まだ抽選しません）
        </button>
        <ActionOutcome error={requested === game_global_id ? preview.error : null} />
      </section>

      {shown && (
        <section className="section card" aria-label="抽選の確認">
          <h2 className="section__title">抽選で決まること</h2>
          <p>
            順位で決まる当選者を表示します。抽選で決まる当選者は、抽選するまで誰にもわかりません。抽選番号は、賞品の登録時に公開した値と大会の結果から決まるため、運営も選べません（抽選のあとに公開します）。
          </p>
          {shown.prizes.map((prize) => (
            <article key={prize.prize_id} className="ops-prize" data-prize={prize.prize_id}>
              <h3 className="card-title">
                {prize.name} <Badge tone="blue">{kindLabels[prize.kind]}</Badge>{' '}
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
              <input type="checkbox" checked={redraw} onChange={(event) => setRedraw(event.target.checked)} />
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
                  game_global_id: shown.game_global_id,
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
                      {shown.prizes.find((s) => s.prize_id === p.prize_id)?.name ?? '賞品'}：
                      {p.state === 'drawn' ? '抽選しました' : '抽選済みのため、前の当選者のままです'}（当選{' '}
                      {p.winners}人）
                    </li>
                  ))}
                </ul>
              )
            }
          />
        </section>
      )}

      {game_global_id && (
        <section className="section card" aria-label="当選者の書き出し">
          <h2 className="section__title">当選者を書き出す</h2>
          <p>
            大会・賞品・順位・ニックネーム・受け取りのメールアドレスと手続き日時（日本時間）を CSV にします。
          </p>
          <button
            type="button"
            className="button button--outline"
            disabled={exportWinners.isPending}
            onClick={() => exportWinners.mutate({ query: { game_global_id } })}
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
                  fileName={`winners-${game_global_id}.csv`}
                />
              )
            }
          />
        </section>
      )}
    </>
  );
}
