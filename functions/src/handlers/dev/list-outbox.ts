import { notFound } from '../../lib/errors';
import { config } from '../../lib/config';
import { httpHandler } from '../../adapters/http-handler';
import { listOutbox } from '../../adapters/mail';
import { listDevOutboxRoute } from '@golf/shared/routes/dev';

/** The local stack's mail outbox, newest first. Never deployed (localOnly in the route table). */
export const handler = httpHandler(listDevOutboxRoute, async ({ query }) => {
  if (config().MAIL_TRANSPORT !== 'outbox') throw notFound();
  return { messages: await listOutbox(query.to) };
});
