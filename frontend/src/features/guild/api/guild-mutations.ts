import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  chatMessageSchema,
  guildConfirmSchema,
  guildMemberListSchema,
  joinCodeSchema,
  joinResultSchema,
  leaveResultSchema,
  ownedGuildSchema,
} from '@golf/shared/schemas/guild';
import { apiRequest } from '../../../lib/api-client';
import { uploadImage } from '../../../lib/upload-image';

/** The guild form as the API takes it (JSON); the image is the key of an uploaded object. */
export interface GuildFormBody {
  name: string;
  comment: string;
  entry_type: 1 | 2;
  is_public: boolean;
  image_type: 1 | 2;
  guild_img_key?: string | undefined;
}

/**
 * Refreshes every guild query after a change, the ones of pages not open too, before the caller
 * navigates on: the page it goes to never shows what was there before the change.
 */
function useGuildMutation<T, V>(fn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['guild'], refetchType: 'all' }),
  });
}

export const useConfirmGuild = () =>
  useMutation({
    mutationFn: (body: GuildFormBody) =>
      apiRequest('/api/golf/guild/confirm', { method: 'POST', body, schema: guildConfirmSchema }),
  });

export const useCreateGuild = () =>
  useGuildMutation((body: GuildFormBody) =>
    apiRequest('/api/golf/guild/create', { method: 'POST', body, schema: ownedGuildSchema }),
  );

export const useUpdateGuild = (id: string) =>
  useGuildMutation((body: GuildFormBody) =>
    apiRequest(`/api/golf/guild/manage/${id}/update`, { method: 'POST', body, schema: ownedGuildSchema }),
  );

export const useRegenerateJoinCode = (id: string) =>
  useGuildMutation(() =>
    apiRequest(`/api/golf/guild/manage/${id}/code`, { method: 'POST', schema: joinCodeSchema }),
  );

export const useJoinGuild = (id: string) =>
  useGuildMutation(() =>
    apiRequest(`/api/golf/guild/${id}/join`, { method: 'POST', schema: joinResultSchema }),
  );

export const useJoinGuildByCode = () =>
  useGuildMutation((code: string) =>
    apiRequest('/api/golf/guild/code', { method: 'POST', body: { code }, schema: joinResultSchema }),
  );

export const useLeaveGuild = (id: string) =>
  useGuildMutation(() =>
    apiRequest(`/api/golf/guild/${id}/leave`, { method: 'POST', schema: leaveResultSchema }),
  );

export const useKickMember = (id: string) =>
  useGuildMutation((userId: string) =>
    apiRequest(`/api/golf/guild/${id}/member/${encodeURIComponent(userId)}/kick`, {
      method: 'POST',
      schema: guildMemberListSchema,
    }),
  );

export const usePostChat = (id: string) =>
  useGuildMutation((message: string) =>
    apiRequest(`/api/golf/guild/${id}/chat`, {
      method: 'POST',
      body: { message },
      schema: chatMessageSchema,
    }),
  );

/** Uploads a guild image (presigned POST); returns the key to send as `guild_img_key`. */
export const uploadGuildImage = (file: File): Promise<string> => uploadImage(file, 'guild');
