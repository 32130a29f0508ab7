import { exportContacts } from '../../domain/forms/forms-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('exportContacts', async ({ query }) => exportContacts(query.since));
