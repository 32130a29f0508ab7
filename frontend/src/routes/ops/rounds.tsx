import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { OpsTournament } from '@golf/shared/schemas/ops';
import { useOpsTournaments } from '@/features/ops/api/ops-calls';
import {
  OpsNav,
  RoundRows,
  TournamentSelect,
  usePreselectedTournament,
} from '@/features/ops/components/ops-parts';
import { RoundActions } from '@/features/ops/components/round-actions';
import { roundInPlay } from '@/features/ops/model/in-play';
import { integerOr, optionalText, pageSearch } from '@/lib/search-params';

const searchSchema = pageSearch({
  game_global_id: optionalText(),
  round: integerOr(1, 1, 4),
});

export const Route = createFileRoute('/ops/rounds')({
  staticData: { page: { title: 'ラウンドの操作', stackType: 'static', parent: '/ops' } },
  validateSearch: searchSchema,
  component: OpsRoundsPage,
});

function OpsRoundsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const tournaments = useOpsTournaments();
  const tournament = tournaments.find((t) => t.game_global_id === search.game_global_id);
  const round = tournament?.rounds.find((r) => r.round === search.round);
  const chooseTournament = useCallback(
    (chosen: OpsTournament) =>
      void navigate({
        search: { game_global_id: chosen.game_global_id, round: roundInPlay(chosen) },
        replace: true,
      }),
    [navigate],
  );
  usePreselectedTournament(tournaments, search.game_global_id, chooseTournament);

  return (
    <>
      <OpsNav gameGlobalId={search.game_global_id} />
      <section className="section card">
        <TournamentSelect
          tournaments={tournaments}
          value={search.game_global_id}
          onChange={(id) => {
            const chosen = tournaments.find((t) => t.game_global_id === id);
            void navigate({ search: { game_global_id: id, round: chosen ? roundInPlay(chosen) : 1 } });
          }}
        />
        <label className="ops-field">
          <span>ラウンド</span>
          <select
            className="form-control"
            value={search.round}
            onChange={(event) => void navigate({ search: { ...search, round: Number(event.target.value) } })}
          >
            {[1, 2, 3, 4].map((n) => (
              <option key={n} value={n}>
                第{n}ラウンド
              </option>
            ))}
          </select>
        </label>
        {tournament && <RoundRows tournament={tournament} />}
      </section>

      {tournament && round && (
        <RoundActions
          key={`${tournament.game_global_id}-${round.round}`}
          tournament={tournament}
          round={round}
        />
      )}
    </>
  );
}
