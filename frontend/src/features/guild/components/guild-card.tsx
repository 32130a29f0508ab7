import { Link } from '@tanstack/react-router';
import type { GuildSummary } from '@golf/shared/schemas/guild';
import { GUILD_MAX_MEMBERS } from '@golf/shared/schemas/guild';
import { formatPublicLabel } from '@golf/shared/game/format';
import { Badge } from '@/components/ui/badge';
import { GuildImage } from './guild-image';

export const entryTypeLabel = (entryType: number) => (entryType === 2 ? 'コードで参加' : 'だれでも参加');

/** One guild in a list: image, name, members, how to join. */
export function GuildCard({ guild }: { guild: GuildSummary }) {
  return (
    <li>
      <Link
        to="/guild/$id/show"
        params={{ id: guild.guild_id }}
        className="card link-card guild-card"
        data-testid="guild-card"
      >
        <GuildImage url={guild.image_url} size="thumb" />
        <span className="guild-card__body">
          <span className="guild-card__name">{guild.name}</span>
          <span className="guild-card__meta">
            <Badge tone={guild.entry_type === 2 ? 'gold' : 'green'}>{entryTypeLabel(guild.entry_type)}</Badge>
            <Badge tone="grey">{formatPublicLabel(guild.is_public)}</Badge>
            <span>
              {guild.number_of_member} / {GUILD_MAX_MEMBERS}人
            </span>
          </span>
          {guild.comment && <span className="guild-card__comment">{guild.comment}</span>}
        </span>
      </Link>
    </li>
  );
}
