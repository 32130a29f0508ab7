import { HttpResponse, httpHandler } from '../../adapters/http-handler';
import { openUnsubscribeLinkRoute } from '@golf/shared/routes/reminders';

/** A browser that opens a mail's List-Unsubscribe address lands on the page that asks for the click. */
export const handler = httpHandler(
  openUnsubscribeLinkRoute,
  async ({ params }) =>
    new HttpResponse(303, undefined, { location: `/reminders/unsubscribe/${params.token}` }),
);
