import { httpHandler } from '../../lib/http-handler';
import { localPublicJwks } from '../../lib/local-issuer';

/** The local issuer's public keys, read by the token verifier as Cognito's JWKS is in AWS. */
export const handler = httpHandler('getDevJwks', async () => localPublicJwks());
