import type { PresignedUpload } from '@golf/shared/schemas/guild';
import { httpHandler } from '../../lib/http-handler';
import { presignImageUpload } from '../../lib/uploads';

export const handler = httpHandler('presignUpload', async ({ body, auth }): Promise<PresignedUpload> =>
  presignImageUpload({ purpose: body.purpose, userId: auth.userId, contentType: body.content_type }),
);
