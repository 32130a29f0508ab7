import { exportCampaignEntries } from '../../domain/forms/forms-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('exportCampaignEntries', async ({ query }) =>
  exportCampaignEntries(query.since),
);
