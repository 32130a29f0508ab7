import { createFileRoute, Link } from '@tanstack/react-router';
import { roundQueryOptions, useRound } from '@/features/game/api/get-round';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkCardBody } from '@/components/ui/link-card-body';
import { PageSkeleton } from '@/components/ui/skeleton';
import { roundFieldQueryOptions, useRoundField } from '@/features/game/api/get-round-field';
import { IndicatorBars } from '@/features/game/components/indicator-bars';
import { pickedSlots } from '@/features/game/utils/picked-slots';
import { indicatorKeys } from '@/features/game/utils/indicator-keys';
import { indicatorLabels, parseDraft, parseRound } from '@/features/game/utils/labels';
import { optionalOneOf, pageSearch } from '@/lib/search-params';

const searchSchema = pageSearch({ by: optionalOneOf(indicatorKeys) });

export const Route = createFileRoute('/schedule/round/$round/draft/$draft/easy/')({
  staticData: {
    page: {
      title: 'ラウンド {round}',
      stackType: 'static',
      parent: '/schedule/round/$round',
      pageType: 'game',
    },
  },
  validateSearch: searchSchema,
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.ensureQueryData(roundFieldQueryOptions(parseRound(params.round))),
      context.queryClient.ensureQueryData(roundQueryOptions(parseRound(params.round))),
    ]),
  pendingComponent: () => <PageSkeleton cards={4} lines={3} />,
  component: EasyPage,
});

function EasyPage() {
  const params = Route.useParams();
  const round = parseRound(params.round);
  const draft = parseDraft(params.draft);
  const by = Route.useSearch().by;
  const navigate = Route.useNavigate();
  const field = useRoundField(round);
  const team = useRound(round).team;
  const picked = pickedSlots(team);
  const eligible = field.players.filter((player) => player.eligible);
  const hidden = field.players.length - eligible.length;
  const sorted = by ? [...eligible].sort((a, b) => b.indicators[by] - a.indicators[by]) : eligible;
  const ids = { round: String(round), draft: String(draft) };

  return (
    <div className="page-body">
      <section className="card">
        <p className="player-head__slot">ドラフト{draft} をかんたんモードで選ぶ</p>
        <p className="muted">指標は0〜100で、大きいほど得意です。カードをタップすると詳しく見られます。</p>
        <label className="select-field">
          <span className="select-field__label">並べ替え</span>
          <span className="select-field__control">
            <select
              value={by ?? ''}
              onChange={(event) => {
                void navigate({ search: searchSchema.parse({ by: event.target.value }), replace: true });
              }}
            >
              <option value="">おすすめ順</option>
              {indicatorKeys.map((key) => (
                <option key={key} value={key}>
                  {indicatorLabels[key]}が高い順
                </option>
              ))}
            </select>
          </span>
        </label>
        {hidden > 0 && <p className="muted">棄権・予選落ちなどで選べない {hidden} 人は表示していません。</p>}
      </section>

      <div className="easy-tools">
        <Link to="/schedule/round/$round/draft/$draft/easy/compare" params={ids} className="card link-card">
          <LinkCardBody icon="chart" title="2人を比べる" text="指標と成績を並べて比較" />
        </Link>
        <Link to="/schedule/round/$round/draft/$draft/easy/indicator" params={ids} className="card link-card">
          <LinkCardBody icon="chart" title="レーダーチャート" text="1人の得意・不得意をひと目で" />
        </Link>
      </div>

      {sorted.length === 0 ? (
        <EmptyState title="選べる選手がいません">このラウンドで選択できる選手がいません。</EmptyState>
      ) : (
        <ul className="indicator-cards" aria-label="指標カード">
          {sorted.map((player) => (
            <li key={player.player_id}>
              <Link
                to="/schedule/round/$round/draft/$draft/easy/$player"
                params={{ ...ids, player: player.player_id }}
                className="card indicator-card"
                data-testid="indicator-card"
              >
                <span className="player-row__head">
                  <span>
                    <strong className="player-row__name">{player.name}</strong>
                    <small className="player-row__kana">{player.name_kana}</small>
                  </span>
                  <span className="player-row__rank">
                    {picked.has(player.player_id) && (
                      <Badge tone="green">ドラフト{picked.get(player.player_id)}で選択中</Badge>
                    )}
                    {player.is_amateur && <Badge tone="blue">アマ</Badge>}
                    WR {player.world_rank ?? '-'}
                  </span>
                </span>
                <IndicatorBars indicators={player.indicators} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
