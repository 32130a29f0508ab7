import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { wonPrizesQueryOptions } from '../api/won-prizes';
import { claimClosed, claimDeadlineText } from '../utils/claim-deadline';
import { PrizeImage } from './prize-image';

/** My page's list of won prizes; nothing at all when the player has not won yet. */
export function WonPrizeList() {
  const { data, isPending, isError } = useQuery(wonPrizesQueryOptions());
  if (isError || (data && data.prizes.length === 0)) return null;
  return (
    <section className="section" aria-labelledby="mypage-prizes-heading">
      <h2 id="mypage-prizes-heading" className="section__title">
        当選した賞品
      </h2>
      {isPending ? (
        <Skeleton height={96} radius={18} />
      ) : (
        <ul className="prize-list">
          {data.prizes.map(({ prize, claim, tournament_name, claim_deadline_at }) => (
            <li key={prize.id}>
              <Link
                to="/mypage/prize/$id"
                params={{ id: prize.id }}
                className="card link-card prize-card"
                data-testid="won-prize"
              >
                <PrizeImage prize={prize} size="thumb" />
                <span className="prize-card__body">
                  {claim ? (
                    <Badge tone="green">手続き済み</Badge>
                  ) : claimClosed(claim_deadline_at) ? (
                    <Badge tone="grey">期限切れ</Badge>
                  ) : (
                    <Badge tone="red">受け取り手続きへ</Badge>
                  )}
                  <span className="prize-card__name">{prize.name}</span>
                  {tournament_name && <span className="prize-card__meta">{tournament_name}</span>}
                  {!claim && <span className="prize-card__meta">{claimDeadlineText(claim_deadline_at)}</span>}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
