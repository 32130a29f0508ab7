import { getSaveReceiptSettings } from '../../domain/game/save-receipt-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getSaveReceiptSettings', async ({ auth }) =>
  getSaveReceiptSettings(auth.userId),
);
