import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import type { OpsTournament } from '@golf/shared/schemas/ops';
import { prizeDrawPreviewQueryOptions, useOpsAction, useOpsTournaments } from '@/features/ops/api/ops-calls';
import {
  ActionOutcome,
  OpsNav,
  TournamentSelect,
  usePreselectedTournament,
} from '@/features/ops/components/ops-parts';
import { PrizeDrawPreview } from '@/features/ops/components/prize-draw-preview';
import { PrizeWinnersExport } from '@/features/ops/components/prize-winners-export';
import { optionalText, pageSearch } from '@/lib/search-params';

const searchSchema = pageSearch({ game_global_id: optionalText() });

export const Route = createFileRoute('/ops/prizes')({
  staticData: { page: { title: '賞品の抽選', stackType: 'static', parent: '/ops' } },
  validateSearch: searchSchema,
  component: OpsPrizesPage,
});

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

      {shown && <PrizeDrawPreview preview={shown} draw={draw} redraw={redraw} onRedrawChange={setRedraw} />}

      {game_global_id && <PrizeWinnersExport gameGlobalId={game_global_id} exportWinners={exportWinners} />}
    </>
  );
}
