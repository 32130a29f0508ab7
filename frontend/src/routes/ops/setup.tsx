import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useOpsTournaments } from '@/features/ops/api/ops-calls';
import { FieldImportForm } from '@/features/ops/components/field-import-form';
import { OpsNav, TournamentSelect } from '@/features/ops/components/ops-parts';
import { PrizeSetup } from '@/features/ops/components/prize-setup';
import { TournamentSettingsForm } from '@/features/ops/components/tournament-settings-form';
import { optionalText, pageSearch } from '@/lib/search-params';

const searchSchema = pageSearch({ game_global_id: optionalText() });

export const Route = createFileRoute('/ops/setup')({
  staticData: { page: { title: '大会の準備', stackType: 'static', parent: '/ops' } },
  validateSearch: searchSchema,
  component: OpsSetupPage,
});

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
      <TournamentSettingsForm
        key={formKey}
        tournament={tournament}
        onSaved={(saved) => {
          if (!tournament) setBlank((current) => ({ ...current, created: saved }));
          void navigate({ search: { game_global_id: saved } });
        }}
      />
      {tournament && (
        <>
          <FieldImportForm key={`field-${tournament.game_global_id}`} tournament={tournament} />
          <PrizeSetup key={`prize-${tournament.game_global_id}`} tournament={tournament} />
        </>
      )}
    </>
  );
}
