import { sendContact } from '../../domain/forms/forms-service';
import { httpHandler, HttpResponse } from '../../adapters/http-handler';
import { sendContactRoute } from '@golf/shared/routes/forms';

export const handler = httpHandler(
  sendContactRoute,
  async ({ body, auth, sourceIp, now }) =>
    new HttpResponse(201, await sendContact({ ...body, userId: auth?.userId ?? null, sourceIp, now })),
);
