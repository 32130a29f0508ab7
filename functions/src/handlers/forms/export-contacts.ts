import { exportContacts } from '../../domain/forms/forms-service';
import { httpHandler } from '../../adapters/http-handler';
import { exportContactsRoute } from '@golf/shared/routes/forms';

export const handler = httpHandler(exportContactsRoute, async ({ query }) => exportContacts(query.since));
