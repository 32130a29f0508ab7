import { createFileRoute, Link } from '@tanstack/react-router';
import { PageSkeleton } from '@/components/ui/skeleton';
import { EmptyState } from '@/components/ui/empty-state';
import { roundFieldQueryOptions, useRoundField } from '@/features/game/api/get-round-field';
import { IndicatorBars } from '@/features/game/components/indicator-bars';
import { RadarChart } from '@/features/game/components/radar-chart';
import { parseDraft, parseRound } from '@/features/game/utils/labels';
import { optionalText, pageSearch } from '@/lib/search-params';

const searchSchema = pageSearch({ player: optionalText(64, 1) });

export const Route = createFileRoute('/schedule/round/$round/draft/$draft/easy/indicator')({
  staticData: {
    page: {
      title: 'レーダーチャート',
      stackType: 'static',
      parent: '/schedule/round/$round/draft/$draft/easy',
      pageType: 'game',
    },
  },
  validateSearch: searchSchema,
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(roundFieldQueryOptions(parseRound(params.round))),
  pendingComponent: () => <PageSkeleton cards={2} lines={5} />,
  component: IndicatorPage,
});

function IndicatorPage() {
  const params = Route.useParams();
  const round = parseRound(params.round);
  const draft = parseDraft(params.draft);
  const navigate = Route.useNavigate();
  const players = useRoundField(round).players.filter((player) => player.eligible);
  const search = Route.useSearch();
  const player = players.find((candidate) => candidate.player_id === search.player) ?? players[0];

  if (!player) {
    return (
      <div className="page-body">
        <EmptyState title="選べる選手がいません">このラウンドで選択できる選手がいません。</EmptyState>
      </div>
    );
  }
  return (
    <div className="page-body">
      <label className="select-field">
        <span className="select-field__label">選手</span>
        <span className="select-field__control">
          <select
            value={player.player_id}
            onChange={(event) => void navigate({ search: { player: event.target.value }, replace: true })}
          >
            {players.map((candidate) => (
              <option key={candidate.player_id} value={candidate.player_id}>
                {candidate.name}
              </option>
            ))}
          </select>
        </span>
      </label>
      <section className="card radar-card" data-testid="radar">
        <h2 className="card-title">{player.name}</h2>
        <RadarChart indicators={player.indicators} />
        <IndicatorBars indicators={player.indicators} />
        <p className="muted">0〜100で、大きいほど得意です（このラウンドの出場選手の中での比較）。</p>
      </section>
      <Link
        to="/schedule/round/$round/draft/$draft/easy/$player"
        params={{ round: String(round), draft: String(draft), player: player.player_id }}
        className="button button--primary button--block"
      >
        この選手の詳細へ
      </Link>
    </div>
  );
}
