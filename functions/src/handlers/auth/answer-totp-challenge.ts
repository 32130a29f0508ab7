import { answerTotpChallenge } from '../../domain/account/second-factor';
import { httpHandler } from '../../adapters/http-handler';
import { answerTotpChallengeRoute } from '@golf/shared/routes/account';

export const handler = httpHandler(answerTotpChallengeRoute, async ({ body, now, sourceIp }) =>
  answerTotpChallenge(body, now, sourceIp),
);
