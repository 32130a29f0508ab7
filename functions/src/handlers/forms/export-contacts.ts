import { exportQuerySchema } from '@golf/shared/schemas/contact';
import { exportContacts } from '../../domain/forms/forms-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('exportContacts', { query: exportQuerySchema }, async ({ query }) =>
  exportContacts(query.since),
);
