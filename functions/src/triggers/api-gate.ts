import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';
import { bearerToken, verifyAccessToken } from '../lib/auth';
import { environmentVariable } from '../lib/config';
import { AppError } from '../lib/errors';
import { checkOrigin } from '../lib/origin-lock';
import { tracedHandler } from '../lib/tracer';

/**
 * The API's gate (docs/adr/0010-api-gate.md): the HTTP API's Lambda authorizer, which API Gateway
 * asks before any route function runs and whose answer it keeps for 5 minutes per identity. A call
 * without `x-origin-verify` never reaches it (API Gateway answers 401 itself); a call with a value
 * the origin secret does not hold (current, previous or pending) is refused (403). The gate of user
 * and operator routes (GATE_CHECKS_TOKEN=true) also verifies the access token as the handler does:
 * the user pool's signature, issuer, expiry and client.
 */
export const handler = tracedHandler(async function gate(
  event: APIGatewayRequestAuthorizerEventV2,
): Promise<{ isAuthorized: boolean }> {
  const headers = event.headers ?? {};
  try {
    await checkOrigin({ headers });
    if (environmentVariable('GATE_CHECKS_TOKEN') === 'true') {
      const token = bearerToken(headers);
      if (!token) return { isAuthorized: false };
      await verifyAccessToken(token);
    }
    return { isAuthorized: true };
  } catch (error) {
    // A refusal of the origin lock or of the token; anything else (Secrets Manager down) is an error,
    // which API Gateway answers with 500 and does not keep.
    if (error instanceof AppError && [401, 403].includes(error.statusCode)) return { isAuthorized: false };
    throw error;
  }
});
