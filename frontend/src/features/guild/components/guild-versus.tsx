import { useQuery } from '@tanstack/react-query';
import type { GuildVersus } from '@golf/shared/schemas/guild';
import { guildVersusQueryOptions } from '../api/guild-queries';

type Neighbour = NonNullable<GuildVersus['above']>;

function Rival({ label, rival }: { label: string; rival: Neighbour | null }) {
  return (
    <div className="guild-versus__rival" data-testid="guild-versus-rival">
      <span className="guild-versus__label">{label}</span>
      {rival ? (
        <>
          <span className="guild-versus__name">
            {rival.rank}位 {rival.name}
          </span>
          <span className="guild-versus__value">
            平均 {rival.display_value}（{rival.gap_display}打差）
          </span>
        </>
      ) : (
        <span className="guild-versus__value">—</span>
      )}
    </div>
  );
}

/**
 * Guild vs guild: the guild's average for the active round against the guild ranked just above and
 * the one just below it, from the published guild ranking. Nothing is shown while the guild has no
 * member on the round's ranking.
 */
export function GuildVersusCard({ guildId }: { guildId: string }) {
  const versus = useQuery(guildVersusQueryOptions(guildId)).data;
  if (!versus?.guild) return null;
  const { guild } = versus;
  return (
    <section className="card guild-versus" data-testid="guild-versus" aria-labelledby="guild-versus-title">
      <h3 id="guild-versus-title" className="guild-versus__title">
        ギルド対抗 第{versus.round}ラウンド{versus.is_provisional ? '（暫定）' : ''}
      </h3>
      <Rival label="ひとつ上" rival={versus.above} />
      <div className="guild-versus__own">
        <span className="guild-versus__label">このギルド</span>
        <span className="guild-versus__name">
          {guild.rank}位 / {versus.guild_count}ギルド
        </span>
        <span className="guild-versus__value">平均 {guild.display_value}</span>
      </div>
      <Rival label="ひとつ下" rival={versus.below} />
    </section>
  );
}
