import type { IncomingMessage, ServerResponse } from 'node:http';
import { xBridgeSettings } from '../../functions/src/domain/x-bridge/x-bridge-settings';
import { serveXBridge } from '../../functions/src/domain/x-bridge/x-oidc-bridge';
import { readBody } from './http-parts';

/**
 * The X sign-in bridge in the local stack: the code the auth stack deploys behind its HTTP API,
 * here under `/api/dev/x-oidc` (its issuer, `X_OIDC_ISSUER`), in front of the stand-in X.
 */
export const xBridgePrefix = '/api/dev/x-oidc/';

export async function serveLocalXBridge(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://local');
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : value,
    ]),
  );
  const answer = await serveXBridge(
    {
      method: request.method ?? 'GET',
      path: url.pathname.slice(xBridgePrefix.length - 1),
      query: url.searchParams,
      headers,
      body: await readBody(request),
      issuer: process.env['X_OIDC_ISSUER']!,
    },
    await xBridgeSettings(),
  );
  response.writeHead(answer.status, answer.headers);
  response.end(answer.body);
}
