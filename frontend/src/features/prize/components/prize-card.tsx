import { Link } from '@tanstack/react-router';
import type { PrizeOption } from '@golf/shared/schemas/prize';
import { formatYen } from '@golf/shared/game/format';
import { Badge } from '@/components/ui/badge';
import { prizeRankLabel } from './prize-labels';
import { PrizeImage } from './prize-image';

/** Each kind of prize has its own page. */
const prizePageOfKind = {
  game: '/prize/game/$id',
  entry: '/prize/entry/$id',
  yearly: '/prize/yearly/$id',
} as const;

/** One prize in the list: photo, who wins it, what it is, what it is worth. */
export function PrizeCard({ prize }: { prize: PrizeOption }) {
  return (
    <li>
      <Link
        to={prizePageOfKind[prize.kind]}
        params={{ id: prize.id }}
        className="card link-card prize-card"
        data-testid="prize-card"
      >
        <PrizeImage prize={prize} size="thumb" />
        <span className="prize-card__body">
          <Badge tone={prize.rank_from === null ? 'blue' : 'gold'}>{prizeRankLabel(prize)}</Badge>
          <span className="prize-card__name">{prize.name}</span>
          <span className="prize-card__meta">
            {formatYen(prize.value_yen)}相当・{prize.winners_count}名様
          </span>
        </span>
      </Link>
    </li>
  );
}
