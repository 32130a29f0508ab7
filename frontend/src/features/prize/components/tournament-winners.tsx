import type { PrizeWinners } from '@golf/shared/schemas/prize';
import { formatTokyoDateTime } from '@golf/shared/game/format';
import { AppLink } from '../../../components/ui/app-link';
import { Badge } from '../../../components/ui/badge';
import type { AppHref } from '../../../lib/app-href';
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

/** One prize's winners on its own page, once drawn (nothing before). */
export function PrizeWinnersSection({
  gameGlobalId,
  prizeId,
  myId,
}: {
  gameGlobalId: string | null;
  prizeId: string;
  myId: string | undefined;
}) {
  const drawn = usePrizeWinners(gameGlobalId ?? undefined)?.prizes.find(
    (prize) => prize.prize.id === prizeId && prize.drawn_at !== null,
  );
  if (!drawn) return null;
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
    </section>
  );
}
