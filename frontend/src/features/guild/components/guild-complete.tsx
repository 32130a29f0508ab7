import { useQuery } from '@tanstack/react-query';
import { CompleteCard } from '@/components/ui/complete-card';
import { guildQueryOptions } from '../api/guild-queries';
import { JoinCode } from './join-code';

/** The end of a join or a create: what happened, the guild's name (and code for its owner), where next. */
export function GuildComplete({
  title,
  guildId,
  text,
}: {
  title: string;
  guildId?: string | undefined;
  text: string;
}) {
  const guild = useQuery({ ...guildQueryOptions(guildId ?? ''), enabled: Boolean(guildId) }).data;
  return (
    <div className="page-body">
      <CompleteCard title={title} action={{ href: '/guild', label: 'ギルドへ' }}>
        {guild ? `「${guild.name}」${text}` : text}
      </CompleteCard>
      {guild?.join_code && (
        <section className="card">
          <JoinCode code={guild.join_code} guildName={guild.name} />
          <p className="muted">このコードを伝えると、仲間がギルドに参加できます。</p>
        </section>
      )}
    </div>
  );
}
