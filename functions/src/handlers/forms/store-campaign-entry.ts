import { storeCampaignEntry } from '../../domain/forms/forms-service';
import { httpHandler, HttpResponse } from '../../adapters/http-handler';
import { storeCampaignEntryRoute } from '@golf/shared/routes/forms';

export const handler = httpHandler(
  storeCampaignEntryRoute,
  async ({ body, sourceIp, now }) => new HttpResponse(201, await storeCampaignEntry(body, sourceIp, now)),
);
