import type { PrizeRecord } from '@golf/shared/schemas/prize';
import { Icon } from '@/components/ui/icon';

/** The prize's photo, or a drawn placeholder while it has none. */
export function PrizeImage({
  prize,
  size,
}: {
  prize: Pick<PrizeRecord, 'image_url'>;
  size: 'thumb' | 'hero';
}) {
  if (prize.image_url)
    return <img className={`prize-image prize-image--${size}`} src={prize.image_url} alt="" loading="lazy" />;
  return (
    <span className={`prize-image prize-image--${size} prize-image--placeholder`} aria-hidden="true">
      <Icon name="prize" size={size === 'hero' ? 56 : 28} />
    </span>
  );
}
