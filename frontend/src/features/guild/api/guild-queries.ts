import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** Every guild query sits under queryKeys.guild.all, so a join, leave or edit refreshes them all at once. */
export const myGuildQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.guild.mine,
    queryFn: ({ signal }) => api.getMyGuild({ signal }),
  });

export const guildListQueryOptions = (name: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.guild.list(name, page),
    queryFn: ({ signal }) => api.listGuilds({ query: { name: name || undefined, page }, signal }),
  });

export const guildQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.guild.show(id),
    queryFn: ({ signal }) => api.showGuild({ params: { id }, signal }),
  });

export const guildMembersQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.guild.members(id),
    queryFn: ({ signal }) => api.listGuildMembers({ params: { id }, signal }),
  });

export const managedGuildQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.guild.manage(id),
    queryFn: ({ signal }) => api.fetchManagedGuild({ params: { id }, signal }),
  });

/** The newest page of chat, refetched every few seconds while the chat is open. */
export const guildChatQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.guild.chat(id),
    queryFn: ({ signal }) => api.listGuildChat({ params: { id }, signal }),
    refetchInterval: 5_000,
  });

export const olderGuildChat = (id: string, cursor: string) =>
  api.listGuildChat({ params: { id }, query: { cursor } });

/** The guild against the guilds ranked just above and below it, for a round (the active one by default). */
export const guildVersusQueryOptions = (id: string, round?: number) =>
  queryOptions({
    queryKey: queryKeys.guild.versus(id, round),
    queryFn: ({ signal }) => api.getGuildVersus({ params: { id }, query: { round }, signal }),
  });
