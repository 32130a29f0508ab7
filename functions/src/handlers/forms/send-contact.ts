import { sendContact } from '../../domain/forms/forms-service';
import { httpHandler, HttpResponse } from '../../lib/http-handler';

export const handler = httpHandler(
  'sendContact',
  async ({ body, auth, sourceIp, now }) =>
    new HttpResponse(201, await sendContact({ ...body, userId: auth?.userId ?? null, sourceIp, now })),
);
