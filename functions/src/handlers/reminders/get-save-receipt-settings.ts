import { getSaveReceiptSettings } from '../../domain/game/save-receipt-service';
import { httpHandler } from '../../adapters/http-handler';
import { getSaveReceiptSettingsRoute } from '@golf/shared/routes/reminders';

export const handler = httpHandler(getSaveReceiptSettingsRoute, async ({ auth }) =>
  getSaveReceiptSettings(auth.userId),
);
