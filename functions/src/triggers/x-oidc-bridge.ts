/**
 * The X sign-in bridge's Lambda, behind its own HTTP API (auth stack): the API's default endpoint
 * is the issuer Cognito's `Twitter` provider names, unless `X_BRIDGE_ISSUER` gives another (a custom
 * domain in front of it).
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { xBridgeSettings } from '../domain/x-bridge/x-bridge-settings';
import { environmentVariable } from '../lib/config';
import { serveXBridge } from '../domain/x-bridge/x-oidc-bridge';
import { tracedHandler } from '../lib/tracer';

export const handler = tracedHandler(async function bridge(
  event: APIGatewayProxyEventV2,
): Promise<APIGatewayProxyStructuredResultV2> {
  const issuer = (
    environmentVariable('X_BRIDGE_ISSUER') || `https://${event.requestContext.domainName}`
  ).replace(/\/+$/, '');
  const body = event.body
    ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8').toString('utf8')
    : '';
  const answer = await serveXBridge(
    {
      method: event.requestContext.http.method,
      path: event.rawPath,
      query: new URLSearchParams(event.rawQueryString),
      headers: Object.fromEntries(
        Object.entries(event.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
      ),
      body,
      issuer,
    },
    await xBridgeSettings(),
  );
  return { statusCode: answer.status, headers: answer.headers, body: answer.body };
});
