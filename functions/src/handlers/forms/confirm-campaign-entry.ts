import type { CampaignEntry } from '@golf/shared/schemas/campaign';
import { httpHandler } from '../../adapters/http-handler';
import { confirmCampaignEntryRoute } from '@golf/shared/routes/forms';

/** Checks the form and answers the values as they will be stored (trimmed); stores nothing. */
export const handler = httpHandler(
  confirmCampaignEntryRoute,
  async ({ body }): Promise<CampaignEntry> => body,
);
