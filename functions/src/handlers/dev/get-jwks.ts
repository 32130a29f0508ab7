import { httpHandler } from '../../adapters/http-handler';
import { localPublicJwks } from '../../lib/local-issuer';
import { getDevJwksRoute } from '@golf/shared/routes/dev';

/** The local issuer's public keys, read by the token verifier as Cognito's JWKS is in AWS. */
export const handler = httpHandler(getDevJwksRoute, async () => localPublicJwks());
