import { createFileRoute, Link } from '@tanstack/react-router';
import { roundQueryOptions, useRound } from '@/features/game/api/get-round';
import type { FieldPlayer } from '@golf/shared/schemas/game';
import { formatToPar } from '@golf/shared/game/format';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSkeleton } from '@/components/ui/skeleton';
import { roundFieldQueryOptions, useRoundField } from '@/features/game/api/get-round-field';
import { statRows } from '@/features/game/components/player-stats';
import { parseDraft, parseRound } from '@/features/game/utils/labels';
import { pickedSlots } from '@/features/game/utils/picked-slots';
import { optionalOneOf, pageSearch } from '@/lib/search-params';

const sortKeys = ['rank', 'tournament', 'average_score', 'distance', 'gir', 'putts', 'birdie'] as const;
type SortKey = (typeof sortKeys)[number];
const sortLabels: Record<SortKey, string> = {
  rank: '世界ランク順',
  tournament: 'この大会のスコア順',
  average_score: '平均スコア順',
  distance: '飛距離順',
  gir: 'パーオン率順',
  putts: '平均パット順',
  birdie: 'バーディー率順',
};

const searchSchema = pageSearch({ sort: optionalOneOf(sortKeys) });

/** Ascending value for a sort key; nulls last. */
function sortValue(player: FieldPlayer, key: SortKey): number | null {
  const s = player.stats;
  switch (key) {
    case 'rank':
      return player.world_rank;
    case 'tournament':
      return player.tournament_to_par;
    case 'average_score':
      return s.average_score;
    case 'distance':
      return s.driving_distance === null ? null : -s.driving_distance;
    case 'gir':
      return s.green_in_regulation_rate === null ? null : -s.green_in_regulation_rate;
    case 'putts':
      return s.average_putts;
    case 'birdie':
      return s.birdie_rate === null ? null : -s.birdie_rate;
  }
}

export const Route = createFileRoute('/schedule/round/$round/draft/$draft/advanced/')({
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
  pendingComponent: () => <PageSkeleton cards={5} lines={2} />,
  component: AdvancedPage,
});

function AdvancedPage() {
  const params = Route.useParams();
  const round = parseRound(params.round);
  const draft = parseDraft(params.draft);
  const sort = Route.useSearch().sort ?? 'rank';
  const navigate = Route.useNavigate();
  const field = useRoundField(round);
  const team = useRound(round).team;
  const picked = pickedSlots(team);
  const eligible = field.players.filter((player) => player.eligible);
  const hidden = field.players.length - eligible.length;
  const sorted = [...eligible].sort((a, b) => {
    const va = sortValue(a, sort);
    const vb = sortValue(b, sort);
    if (va === vb) return (a.world_rank ?? 9999) - (b.world_rank ?? 9999);
    if (va === null) return 1;
    if (vb === null) return -1;
    return va - vb;
  });

  return (
    <div className="page-body">
      <section className="card">
        <p className="player-head__slot">ドラフト{draft} をアドバンスモードで選ぶ</p>
        <label className="select-field">
          <span className="select-field__label">並べ替え</span>
          <span className="select-field__control">
            <select
              value={sort}
              onChange={(event) =>
                void navigate({ search: { sort: event.target.value as SortKey }, replace: true })
              }
            >
              {sortKeys.map((key) => (
                <option key={key} value={key}>
                  {sortLabels[key]}
                </option>
              ))}
            </select>
          </span>
        </label>
        {hidden > 0 && <p className="muted">棄権・予選落ちなどで選べない {hidden} 人は表示していません。</p>}
      </section>

      {sorted.length === 0 ? (
        <EmptyState title="選べる選手がいません">このラウンドで選択できる選手がいません。</EmptyState>
      ) : (
        <ul className="player-list" aria-label="選手一覧">
          {sorted.map((player) => (
            <li key={player.player_id}>
              <Link
                to="/schedule/round/$round/draft/$draft/advanced/$player"
                params={{ round: String(round), draft: String(draft), player: player.player_id }}
                className="card player-row"
                data-testid="field-player"
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
                <span className="player-row__tournament">
                  この大会 {player.tournament_to_par === null ? '-' : formatToPar(player.tournament_to_par)}
                  {player.tournament_rounds.map((toPar, index) => (
                    <small key={index}>
                      R{index + 1} {toPar === null ? '-' : formatToPar(toPar)}
                    </small>
                  ))}
                </span>
                <span className="player-row__stats">
                  {statRows(player.stats, player.is_amateur).map(([label, value]) => (
                    <span key={label}>
                      <small>{label}</small>
                      {value}
                    </span>
                  ))}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
