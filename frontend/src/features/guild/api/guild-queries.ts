import { queryOptions } from '@tanstack/react-query';
import {
  chatPageSchema,
  guildDetailSchema,
  guildListSchema,
  guildManageSchema,
  guildMemberListSchema,
  myGuildSchema,
} from '@golf/shared/schemas/guild';
import { apiRequest } from '../../../lib/api-client';

/** Every guild query sits under ['guild'], so a join, leave or edit refreshes them all at once. */
export const myGuildQueryOptions = () =>
  queryOptions({
    queryKey: ['guild', 'mine'],
    queryFn: ({ signal }) => apiRequest('/api/golf/guild/mine', { signal, schema: myGuildSchema }),
  });

export const guildListQueryOptions = (name: string, page: number) =>
  queryOptions({
    queryKey: ['guild', 'list', name, page],
    queryFn: ({ signal }) =>
      apiRequest('/api/golf/guild/list', {
        signal,
        query: { name: name || undefined, page },
        schema: guildListSchema,
      }),
  });

export const guildQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['guild', 'show', id],
    queryFn: ({ signal }) => apiRequest(`/api/golf/guild/${id}/show`, { signal, schema: guildDetailSchema }),
  });

export const guildMembersQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['guild', 'members', id],
    queryFn: ({ signal }) =>
      apiRequest(`/api/golf/guild/${id}/member`, { signal, schema: guildMemberListSchema }),
  });

export const managedGuildQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['guild', 'manage', id],
    queryFn: ({ signal }) =>
      apiRequest(`/api/golf/guild/manage/${id}/fetch`, { signal, schema: guildManageSchema }),
  });

/** The newest page of chat, refetched every few seconds while the chat is open. */
export const guildChatQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['guild', 'chat', id],
    queryFn: ({ signal }) => apiRequest(`/api/golf/guild/${id}/chat`, { signal, schema: chatPageSchema }),
    refetchInterval: 5_000,
  });

export const olderGuildChat = (id: string, cursor: string) =>
  apiRequest(`/api/golf/guild/${id}/chat`, { query: { cursor }, schema: chatPageSchema });
