import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiInput } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * The guild form as the screens hold it and the API takes it (JSON, a body `createGuild`'s row
 * accepts); the image is the key of an uploaded object.
 */
export interface GuildFormBody {
  name: string;
  comment: string;
  entry_type: 1 | 2;
  is_public: boolean;
  image_type: 1 | 2;
  guild_img_key?: string | undefined;
}
const _guildFormBodyFitsTheRow = (body: GuildFormBody): ApiInput<'createGuild'>['body'] => body;

/**
 * Refreshes every guild query after a change, the ones of pages not open too, before the caller
 * navigates on: the page it goes to never shows what was there before the change.
 */
function useGuildMutation<T, V>(fn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.guild.all, refetchType: 'all' }),
  });
}

export const useConfirmGuild = () =>
  useMutation({
    mutationFn: (body: GuildFormBody) => api.confirmGuild({ body }),
  });

export const useCreateGuild = () => useGuildMutation((body: GuildFormBody) => api.createGuild({ body }));

export const useUpdateGuild = (id: string) =>
  useGuildMutation((body: GuildFormBody) => api.updateGuild({ params: { id }, body }));

export const useRegenerateJoinCode = (id: string) =>
  useGuildMutation(() => api.regenerateGuildCode({ params: { id } }));

export const useJoinGuild = (id: string) => useGuildMutation(() => api.joinGuild({ params: { id } }));

export const useJoinGuildByCode = () =>
  useGuildMutation((code: string) => api.joinGuildByCode({ body: { code } }));

export const useLeaveGuild = (id: string) => useGuildMutation(() => api.leaveGuild({ params: { id } }));

export const useKickMember = (id: string) =>
  useGuildMutation((userId: string) => api.kickGuildMember({ params: { id, user_id: userId } }));

export const usePostChat = (id: string) =>
  useGuildMutation((message: string) => api.postGuildChat({ params: { id }, body: { message } }));
