import { storeCampaignEntry } from '../../domain/forms/forms-service';
import { httpHandler, HttpResponse } from '../../lib/http-handler';

export const handler = httpHandler(
  'storeCampaignEntry',
  async ({ body, sourceIp, now }) => new HttpResponse(201, await storeCampaignEntry(body, sourceIp, now)),
);
