import { exportCampaignEntries } from '../../domain/forms/forms-service';
import { httpHandler } from '../../adapters/http-handler';
import { exportCampaignEntriesRoute } from '@golf/shared/routes/forms';

export const handler = httpHandler(exportCampaignEntriesRoute, async ({ query }) =>
  exportCampaignEntries(query.since),
);
