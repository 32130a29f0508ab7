import { updateSaveReceiptSettings } from '../../domain/game/save-receipt-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('updateSaveReceiptSettings', async ({ auth, body, now }) =>
  updateSaveReceiptSettings(auth.userId, body, now),
);
