import { resetOperatorTotp } from '../../domain/account/second-factor';
import { httpHandler } from '../../adapters/http-handler';
import { resetOperatorTotpRoute } from '@golf/shared/routes/account';

export const handler = httpHandler(resetOperatorTotpRoute, async ({ body, now }) =>
  resetOperatorTotp(body.email, now),
);
