import { useQuery } from '@tanstack/react-query';
import { formatToPar } from '@golf/shared/game/format';
import { liveTeamScore, type LivePick } from '@golf/shared/game/live-round';
import type { RoundView } from '@golf/shared/schemas/game';
import type { LiveRound } from '@golf/shared/schemas/live-round';
import type { ScheduleRound } from '@golf/shared/schemas/schedule';
import { Badge } from '@/components/ui/badge';
import { formatToParCell, toParTone } from '@/lib/format';
import { onServerClock } from '@/lib/server-clock';
import { LIVE_ROUND_REFRESH_MS, useLiveRound } from '../api/get-live-round';
import { roundQueryOptions } from '../api/get-round';
import { ownRankingQueryOptions } from '@/features/ranking/api/get-rankings';

/** A picked player as the page already holds him (null = an empty slot). */
export type LiveTeamSlot = { player_id: string; name: string } | null;

const thruText = (thru: number | null) =>
  thru === null || thru === 0 ? '-' : thru === 18 ? 'F' : `${thru}H`;

const pickLabel: Record<LivePick['kind'], string | null> = {
  finished: null,
  playing: null,
  not_started: 'スタート前',
  penalty: 'ペナルティ',
};

/** A round view's team as the live panel takes it: 4 slots, empty ones null (no team: all null). */
export const liveSlots = (view: RoundView): LiveTeamSlot[] =>
  (view.team?.slots ?? [null, null, null, null]).map((pick) =>
    pick ? { player_id: pick.player.player_id, name: pick.player.name } : null,
  );

/** The team's provisional round score from the live field. */
function teamFigures(live: LiveRound, slots: readonly LiveTeamSlot[]) {
  const states = new Map(live.players.map((p) => [p.player_id, p]));
  const team = liveTeamScore(
    slots.map((slot) => slot?.player_id ?? null),
    (id) => states.get(id),
    live.penalty,
  );
  return { team, states };
}

/**
 * A round while it is played: the projected cut line for everyone and, for a signed-in player, the
 * team's provisional score, each pick's thru and to-par, and the provisional rank. Refreshed every
 * minute while the page is visible, from one public call; the team comes from the page.
 */
export function LiveRoundPanel({
  round,
  gameGlobalId,
  slots,
}: {
  round: number;
  gameGlobalId?: string | undefined;
  /** The player's team (4 slots), or undefined for a visitor. */
  slots?: readonly LiveTeamSlot[] | undefined;
}) {
  const { data: live, dataUpdatedAt } = useLiveRound(round, gameGlobalId, true);
  // The player's rank is the published ranking's, as the ranking page, my page and the share card
  // show it: one order of every player as of one snapshot (docs/game-rules.md). His live score ranked
  // against the others' published ones would be a number no other screen shows, and could put two
  // players in one place.
  const { data: own } = useQuery({
    ...ownRankingQueryOptions(round, gameGlobalId),
    enabled: slots !== undefined,
    refetchInterval: LIVE_ROUND_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
  if (!live?.is_live) return null;
  const figures = slots ? teamFigures(live, slots) : null;
  const rank = own?.rankings.find((row) => row.type === 1)?.rank ?? null;
  const entrants = live.board.counts.reduce((sum, count) => sum + count, 0);
  // A visitor after the cut has nothing of his own to follow here: the leaderboard shows the field.
  if (!figures && !live.cut) return null;
  // When the answer arrived, on the server's clock: the phone's may be set wrong.
  const updated = new Date(onServerClock(dataUpdatedAt)).toLocaleTimeString('ja-JP', {
    timeZone: 'Asia/Tokyo',
    hour: '2-digit',
    minute: '2-digit',
  });

  return (
    <section className="card live-round" aria-labelledby="live-round-heading" data-testid="live-round">
      <header className="live-round__head">
        <h2 id="live-round-heading" className="live-round__title">
          ROUND {round} ライブ速報
        </h2>
        <Badge tone="live">暫定</Badge>
      </header>
      <p className="live-round__note">
        {updated} 時点・画面を開いている間は1分ごとに更新します。確定時に変わることがあります。
      </p>
      {figures && (
        <dl className="live-round__figures">
          <div>
            <dt>暫定チームスコア</dt>
            <dd className="to-par" data-tone={toParTone(figures.team.score)} data-testid="live-team-score">
              {figures.team.score === null ? '集計中' : formatToPar(figures.team.score)}
            </dd>
          </div>
          <div>
            <dt>暫定順位</dt>
            <dd data-testid="live-rank">
              {rank === null ? '集計待ち' : `${rank}位`}
              {rank !== null && entrants > 0 && <small> / {entrants}人</small>}
            </dd>
          </div>
        </dl>
      )}
      {live.cut && (
        <p className="live-round__cut" data-testid="live-cut-line">
          {live.cut.projected ? '予選カットライン（予想）' : '予選カットライン'}：
          <strong>{formatToParCell(live.cut.line_to_par)}</strong>
          <small>
            （第{live.cut.after_round}ラウンド終了時に上位{live.cut.top}位タイまで・現在{live.cut.inside}人）
          </small>
        </p>
      )}
      {figures && slots && (
        <table className="live-round__picks">
          <caption>選んだ選手のライブスコア</caption>
          <thead>
            <tr>
              <th scope="col">選手</th>
              <th scope="col">順位</th>
              <th scope="col">ホール</th>
              <th scope="col">R{round}</th>
              <th scope="col">通算</th>
            </tr>
          </thead>
          <tbody>
            {slots.map((slot, index) => {
              const pick = figures.team.picks[index]!;
              const state = slot ? figures.states.get(slot.player_id) : undefined;
              const label = pickLabel[pick.kind];
              const line = live.cut?.line_to_par;
              const total = state?.total_to_par ?? null;
              return (
                <tr key={index} data-testid={`live-pick-${index + 1}`} data-kind={pick.kind}>
                  <th scope="row">
                    {slot?.name ?? '未選択'}
                    {label && <Badge tone={pick.kind === 'penalty' ? 'red' : 'grey'}>{label}</Badge>}
                    {line !== undefined && line !== null && total !== null && state?.status === 'active' && (
                      <Badge tone={total <= line ? 'green' : 'red'}>{total <= line ? '圏内' : '圏外'}</Badge>
                    )}
                  </th>
                  <td>{state?.position ?? '-'}</td>
                  <td data-testid="live-thru">{thruText(pick.thru)}</td>
                  <td className="to-par" data-tone={toParTone(pick.to_par)} data-testid="live-to-par">
                    {formatToParCell(pick.to_par)}
                  </td>
                  <td className="to-par" data-tone={toParTone(total)}>
                    {formatToParCell(total)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * The live panel of a tournament's round being played (the latest whose deadline passed and whose
 * results are not final), with the signed-in player's team of that round when he has one.
 */
export function TournamentLiveRound({
  gameGlobalId,
  rounds,
  signedIn,
}: {
  gameGlobalId: string;
  rounds: readonly ScheduleRound[];
  signedIn: boolean;
}) {
  const playing = rounds.findLast((r) => r.status === 'locked' || r.status === 'provisional');
  const { data: view } = useQuery({
    ...roundQueryOptions(playing?.round ?? 1),
    enabled: signedIn && playing !== undefined,
  });
  if (!playing) return null;
  const slots = signedIn && view?.game_global_id === gameGlobalId ? liveSlots(view) : undefined;
  return <LiveRoundPanel round={playing.round} gameGlobalId={gameGlobalId} slots={slots} />;
}
