import type { CampaignEntry } from '@golf/shared/schemas/campaign';
import { httpHandler } from '../../lib/http-handler';

/** Checks the form and answers the values as they will be stored (trimmed); stores nothing. */
export const handler = httpHandler('confirmCampaignEntry', async ({ body }): Promise<CampaignEntry> => body);
