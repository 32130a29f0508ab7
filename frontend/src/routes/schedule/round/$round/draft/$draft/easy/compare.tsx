import { createFileRoute, Link } from '@tanstack/react-router';
import type { FieldPlayer } from '@golf/shared/schemas/game';
import { formatToPar } from '@golf/shared/game/format';
import type { DraftSlot } from '@golf/shared/game/team';
import { PageSkeleton } from '@/components/ui/skeleton';
import { roundFieldQueryOptions, useRoundField } from '@/features/game/api/get-round-field';
import { statRows } from '@/features/game/components/player-stats';
import { RadarChart } from '@/features/game/components/radar-chart';
import { indicatorKeys, indicatorLabels, parseDraft, parseRound } from '@/features/game/utils/labels';
import { optionalText, pageSearch } from '@/lib/search-params';

const searchSchema = pageSearch({
  p1: optionalText(64, 1),
  p2: optionalText(64, 1),
});

export const Route = createFileRoute('/schedule/round/$round/draft/$draft/easy/compare')({
  staticData: {
    page: {
      title: 'ラウンド {round}',
      stackType: 'static',
      parent: '/schedule/round/$round/draft/$draft/easy',
      pageType: 'game',
    },
  },
  validateSearch: searchSchema,
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(roundFieldQueryOptions(parseRound(params.round))),
  pendingComponent: () => <PageSkeleton cards={3} lines={4} />,
  component: ComparePage,
});

function PlayerSelect({
  label,
  value,
  players,
  onChange,
}: {
  label: string;
  value: string | undefined;
  players: FieldPlayer[];
  onChange: (id: string | undefined) => void;
}) {
  return (
    <label className="select-field">
      <span className="select-field__label">{label}</span>
      <span className="select-field__control">
        <select value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)}>
          <option value="">選手を選ぶ</option>
          {players.map((player) => (
            <option key={player.player_id} value={player.player_id}>
              {player.name}
            </option>
          ))}
        </select>
      </span>
    </label>
  );
}

function ComparePage() {
  const params = Route.useParams();
  const round = parseRound(params.round);
  const draft = parseDraft(params.draft);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const players = useRoundField(round).players.filter((player) => player.eligible);
  const first = players.find((player) => player.player_id === search.p1);
  const second = players.find((player) => player.player_id === search.p2);

  return (
    <div className="page-body">
      <section className="card compare-pickers">
        <PlayerSelect
          label="選手1"
          value={first?.player_id}
          players={players}
          onChange={(id) => void navigate({ search: { ...search, p1: id }, replace: true })}
        />
        <PlayerSelect
          label="選手2"
          value={second?.player_id}
          players={players}
          onChange={(id) => void navigate({ search: { ...search, p2: id }, replace: true })}
        />
      </section>

      {first && second ? (
        <ComparePair round={round} draft={draft} first={first} second={second} />
      ) : (
        <p className="notice">比べたい選手を2人選んでください。</p>
      )}
    </div>
  );
}

function ComparePair({
  round,
  draft,
  first,
  second,
}: {
  round: number;
  draft: DraftSlot;
  first: FieldPlayer;
  second: FieldPlayer;
}) {
  const pair = [first, second];
  return (
    <>
      <section className="card radar-card">
        <RadarChart indicators={first.indicators} compare={second.indicators} />
        <p className="radar-legend">
          <span className="radar-legend__first">{first.name}</span>
          <span className="radar-legend__second">{second.name}</span>
        </p>
      </section>
      <section className="card card--flush">
        <table className="compare-table" data-testid="compare-table">
          <thead>
            <tr>
              <th scope="col" />
              {pair.map((player) => (
                <th key={player.player_id} scope="col">
                  {player.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {indicatorKeys.map((key) => (
              <tr key={key}>
                <th scope="row">{indicatorLabels[key]}</th>
                {pair.map((player) => (
                  <td
                    key={player.player_id}
                    data-best={
                      player.indicators[key] >= Math.max(first.indicators[key], second.indicators[key])
                        ? 'true'
                        : undefined
                    }
                  >
                    {player.indicators[key]}
                  </td>
                ))}
              </tr>
            ))}
            <tr>
              <th scope="row">この大会</th>
              {pair.map((player) => (
                <td key={player.player_id}>
                  {player.tournament_to_par === null ? '-' : formatToPar(player.tournament_to_par)}
                </td>
              ))}
            </tr>
            {statRows(first.stats, first.is_amateur).map(([label, value], index) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{value}</td>
                <td>{statRows(second.stats, second.is_amateur)[index]?.[1]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <div className="compare-actions">
        {pair.map((player) => (
          <Link
            key={player.player_id}
            to="/schedule/round/$round/draft/$draft/easy/$player"
            params={{ round: String(round), draft: String(draft), player: player.player_id }}
            className="button button--outline button--small"
          >
            {player.name}を見る
          </Link>
        ))}
      </div>
    </>
  );
}
