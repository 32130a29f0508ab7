import { exportQuerySchema } from '@golf/shared/schemas/contact';
import { exportCampaignEntries } from '../../domain/forms/forms-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('exportCampaignEntries', { query: exportQuerySchema }, async ({ query }) =>
  exportCampaignEntries(query.since),
);
