import { Icon } from '@/components/ui/icon';

/** A guild's image, or the stock emblem when it has none. */
export function GuildImage({ url, size }: { url: string | null; size: 'thumb' | 'hero' }) {
  if (url) return <img className={`guild-image guild-image--${size}`} src={url} alt="" loading="lazy" />;
  return (
    <span className={`guild-image guild-image--${size} guild-image--stock`} aria-hidden="true">
      <Icon name="guild" size={size === 'hero' ? 48 : 26} />
    </span>
  );
}
