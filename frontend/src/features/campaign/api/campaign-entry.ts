import { useMutation } from '@tanstack/react-query';
import type { CampaignEntryInput } from '@golf/shared/schemas/campaign';
import { api } from '@/lib/api';

/** The server's check of the 14 fields; stores nothing. */
export function useConfirmCampaignEntry() {
  return useMutation({
    mutationFn: (body: CampaignEntryInput) => api.confirmCampaignEntry({ body }),
  });
}

/** The entry (one per business e-mail). */
export function useStoreCampaignEntry() {
  return useMutation({
    mutationFn: (body: CampaignEntryInput) => api.storeCampaignEntry({ body }),
  });
}
