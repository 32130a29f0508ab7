import { httpHandler } from '../../adapters/http-handler';
import { getGameClockRoute } from '@golf/shared/routes/schedule';

export const handler = httpHandler(getGameClockRoute, async ({ now }) => ({ now: now.toISOString() }));
