import { loginBodySchema } from '@golf/shared/schemas/account';
import { RateLimitedError, signIn } from '../../domain/account/account-service';
import { httpHandler, HttpResponse } from '../../lib/http-handler';

export const handler = httpHandler(
  'createAuthToken',
  { body: loginBodySchema },
  async ({ body, now, sourceIp }) => {
    try {
      return await signIn(body.email, body.password, now, sourceIp);
    } catch (error) {
      if (error instanceof RateLimitedError) {
        return new HttpResponse(429, error.toBody(), { 'retry-after': String(error.retryAfter) });
      }
      throw error;
    }
  },
);
