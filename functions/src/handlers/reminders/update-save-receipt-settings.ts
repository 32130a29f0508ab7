import { updateSaveReceiptSettings } from '../../domain/game/save-receipt-service';
import { httpHandler } from '../../adapters/http-handler';
import { updateSaveReceiptSettingsRoute } from '@golf/shared/routes/reminders';

export const handler = httpHandler(updateSaveReceiptSettingsRoute, async ({ auth, body, now }) =>
  updateSaveReceiptSettings(auth.userId, body, now),
);
