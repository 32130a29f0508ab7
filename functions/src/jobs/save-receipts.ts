import { sendDueReceipts, type ReceiptRunResult } from '../domain/game/save-receipt-service';
import { now } from '../lib/clock';
import { logger } from '../lib/logger';
import { tracedHandler } from '../lib/tracer';

/** The save receipts whose team stayed unchanged for the quiet time (EventBridge in AWS, a timer locally). */
export const handler = tracedHandler(async (): Promise<ReceiptRunResult> => {
  const result = await sendDueReceipts(now());
  if (result.sent || result.dropped || result.failed) logger.info('save receipts run', { ...result });
  return result;
});
