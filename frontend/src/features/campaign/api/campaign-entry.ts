import { useMutation } from '@tanstack/react-query';
import {
  campaignEntrySchema,
  campaignReceiptSchema,
  type CampaignEntryInput,
} from '@golf/shared/schemas/campaign';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/campaign-entry-form/confirm: the server's check of the 14 fields; stores nothing. */
export function useConfirmCampaignEntry() {
  return useMutation({
    mutationFn: (body: CampaignEntryInput) =>
      apiRequest('/api/campaign-entry-form/confirm', { method: 'POST', body, schema: campaignEntrySchema }),
  });
}

/** POST /api/campaign-entry-form/store: the entry (one per business e-mail). */
export function useStoreCampaignEntry() {
  return useMutation({
    mutationFn: (body: CampaignEntryInput) =>
      apiRequest('/api/campaign-entry-form/store', { method: 'POST', body, schema: campaignReceiptSchema }),
  });
}
