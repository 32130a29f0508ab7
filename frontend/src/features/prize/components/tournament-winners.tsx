import type { PrizeWinners } from '@golf/shared/schemas/prize';
import { formatTokyoDateTime } from '@golf/shared/game/format';
import { AppLink } from '@/components/ui/app-link';
import { Badge } from '@/components/ui/badge';
import type { AppHref } from '@/lib/app-href';
import { usePrizeWinners } from '../api/prize-winners';
import { prizeRankLabel } from './prize-labels';

type DrawnPrize = PrizeWinners['prizes'][number];

/** A lottery's winners are many: they fold away, its seed beside them so anyone can re-run it. */
const FOLDED_FROM = 11;

function WinnerList({ drawn, myId }: { drawn: DrawnPrize; myId: string | undefined }) {
  return (
    <ol className="winner-list">
      {drawn.winners.map((winner) => (
        <li
          key={winner.user_id}
          className="winner-list__row"
          data-mine={winner.user_id === myId ? 'true' : undefined}
        >
          {winner.place !== null && <span className="winner-list__place">{winner.place}位</span>}
          <span className="winner-list__name">{winner.nickname}</span>
          {winner.user_id === myId && <Badge tone="gold">あなた</Badge>}
        </li>
      ))}
    </ol>
  );
}

/** One drawn prize: its name (to its page), its ranks, and who won it. */
function DrawnPrizeWinners({ drawn, myId }: { drawn: DrawnPrize; myId: string | undefined }) {
  const { prize } = drawn;
  const many = drawn.winners.length >= FOLDED_FROM;
  const mine = drawn.winners.some((winner) => winner.user_id === myId);
  return (
    <li className="tournament-winners__prize">
      <div className="tournament-winners__head">
        <Badge tone={prize.rank_from === null ? 'blue' : 'gold'}>{prizeRankLabel(prize)}</Badge>
        <AppLink href={`/prize/${prize.kind}/${prize.id}` as AppHref} className="text-link">
          {prize.name}
        </AppLink>
      </div>
      {many ? (
        <details className="tournament-winners__more">
          <summary>
            当選者 {drawn.winners.length}名{mine ? '（あなたも当選）' : ''}を見る
          </summary>
          <WinnerList drawn={drawn} myId={myId} />
          {drawn.seed && <p className="muted tournament-winners__seed">抽選番号：{drawn.seed}</p>}
        </details>
      ) : (
        <WinnerList drawn={drawn} myId={myId} />
      )}
    </li>
  );
}

type Commitments = PrizeWinners['draw_commitments'];

/**
 * The lottery's commitments, published before the results, and each secret once a draw used it:
 * with them and the leaderboard anyone re-derives the seed and the winners (遊び方, 賞品).
 */
function LotteryCommitments({ commitments }: { commitments: Commitments }) {
  if (commitments.length === 0) return null;
  return (
    <details className="tournament-winners__more">
      <summary>抽選を確かめる</summary>
      <p className="muted">
        抽選番号は、賞品と一緒に公開した値（秘密の値の
        SHA-256）と大会の結果から決まり、運営も選べません。確かめ方は「遊び方」の「賞品」にあります。
      </p>
      <ul className="tournament-winners__seed">
        {commitments.map((entry) => (
          <li key={entry.commitment} className="muted">
            公開した値：{entry.commitment}（{formatTokyoDateTime(entry.committed_at)}）
            <br />
            秘密の値：{entry.secret ?? '抽選のときに公開します'}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** One prize's winners on its own page, once drawn (before, the lottery's commitment only). */
export function PrizeWinnersSection({
  gameGlobalId,
  prizeId,
  myId,
}: {
  gameGlobalId: string | null;
  prizeId: string;
  myId: string | undefined;
}) {
  const winners = usePrizeWinners(gameGlobalId ?? undefined);
  const drawn = winners?.prizes.find((prize) => prize.prize.id === prizeId && prize.drawn_at !== null);
  if (!drawn) {
    const entry = winners?.prizes.find((prize) => prize.prize.id === prizeId)?.prize.rank_from === null;
    if (!entry || !winners?.draw_commitments.length) return null;
    return (
      <section className="card tournament-winners" aria-label="抽選の公開値">
        <LotteryCommitments commitments={winners.draw_commitments} />
      </section>
    );
  }
  return (
    <section className="card tournament-winners" aria-labelledby="prize-winners-title">
      <h3 className="card-title" id="prize-winners-title">
        当選者
      </h3>
      <p className="muted tournament-winners__when">{formatTokyoDateTime(drawn.drawn_at!)} 抽選</p>
      <WinnerList drawn={drawn} myId={myId} />
      {drawn.prize.rank_from === null && drawn.seed && (
        <p className="muted tournament-winners__seed">抽選番号：{drawn.seed}</p>
      )}
      <LotteryCommitments commitments={winners!.draw_commitments} />
    </section>
  );
}

/**
 * The winners of a tournament's prizes, once the operators have drawn them: shown with the
 * tournament's standings so a winner sees what the prize went by, and stays there once the season
 * moves on. Nothing shows before the draw.
 */
export function TournamentWinners({
  gameGlobalId,
  myId,
}: {
  gameGlobalId: string | undefined;
  myId: string | undefined;
}) {
  const winners = usePrizeWinners(gameGlobalId);
  const drawn = (winners?.prizes ?? []).filter((prize) => prize.drawn_at !== null);
  if (drawn.length === 0) return null;
  const drawnAt = drawn.map((prize) => prize.drawn_at!).sort()[0]!;
  return (
    <section className="card tournament-winners" aria-labelledby="tournament-winners-title">
      <h2 className="card-title" id="tournament-winners-title">
        賞品の当選者
      </h2>
      <p className="muted tournament-winners__when">{formatTokyoDateTime(drawnAt)} 抽選</p>
      <ul className="tournament-winners__list">
        {drawn.map((prize) => (
          <DrawnPrizeWinners key={prize.prize.id} drawn={prize} myId={myId} />
        ))}
      </ul>
      <LotteryCommitments commitments={winners!.draw_commitments} />
    </section>
  );
}
