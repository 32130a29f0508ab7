import { saveReceiptSettingsSchema } from '@golf/shared/schemas/save-receipt';
import { updateSaveReceiptSettings } from '../../domain/game/save-receipt-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'updateSaveReceiptSettings',
  { body: saveReceiptSettingsSchema },
  async ({ auth, body, now }) => updateSaveReceiptSettings(auth.userId, body, now),
);
