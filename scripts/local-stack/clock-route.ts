import type { IncomingMessage, ServerResponse } from 'node:http';
import * as z from 'zod';
import { nowMs, parseClockInstant } from '../../functions/src/lib/clock';
import { readBody, sendJson } from './http-parts';
import type { ClockMove } from './stack';

/**
 * The local stack's game clock (functions/src/lib/clock.ts): GET reads it, POST moves it, either to
 * an instant (`{"at": "2026-07-02T06:00+09:00"}`, Tokyo time without a zone) or by minutes
 * (`{"advance_minutes": 90}`), as `application/json` and never from another site's page. A move
 * reaches the API processes and runs the jobs it made due before it answers. Served by the local
 * stack only, never deployed; refused when not on the local stage.
 */
export const clockPath = '/dev/clock';

/** A page of the stack itself: its URL's origin, or its port on a loopback name. */
const ownOrigins = (stackUrl: string): Set<string> => {
  const { origin, port } = new URL(stackUrl);
  return new Set([origin, ...['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${port}`)]);
};

/**
 * Why a change of a dev setting (the clock, the faults) is refused before its body is read, or null:
 * a browser sends a cross-site request's origin (`Origin`, `Sec-Fetch-Site`), which must be the
 * stack's own, and a form cannot send JSON without a CORS preflight, which the stack never grants.
 * The command line sends neither header.
 */
export function devChangeRefusal(
  request: IncomingMessage,
  stackUrl: string,
  what = 'move the clock',
  example = '{"at": "2026-07-01T06:00+09:00"}',
): { status: number; message: string } | null {
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers['origin'];
  if (
    (site !== undefined && site !== 'same-origin' && site !== 'none') ||
    (origin !== undefined && !ownOrigins(stackUrl).has(origin))
  )
    return {
      status: 403,
      message: `A cross-site request cannot ${what}: only ${stackUrl} and the command line can`,
    };
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json')
    return { status: 415, message: `Content-Type: application/json, with ${example}` };
  return null;
}

const moveSchema = z.union([
  z.strictObject({ at: z.string().min(1).max(64) }),
  z.strictObject({ advance_minutes: z.number().int().min(-527_040).max(527_040) }),
]);

export async function serveClock(
  request: IncomingMessage,
  response: ServerResponse,
  setClock: (instant: Date) => Promise<ClockMove>,
  stackUrl: string,
): Promise<void> {
  if (process.env['STAGE'] !== 'local') return sendJson(response, 404, { message: 'not found' });
  if (request.method === 'GET' || request.method === 'HEAD')
    return sendJson(response, 200, { now: new Date(nowMs()).toISOString() });
  if (request.method !== 'POST') {
    response.setHeader('allow', 'GET, HEAD, POST');
    return sendJson(response, 405, { message: 'GET or POST' });
  }
  const refused = devChangeRefusal(request, stackUrl);
  if (refused) {
    request.resume();
    return sendJson(response, refused.status, { message: refused.message });
  }
  let body: unknown;
  try {
    body = JSON.parse(await readBody(request));
  } catch {
    return sendJson(response, 400, { message: 'A JSON body: {"at": "2026-07-01T06:00+09:00"}' });
  }
  const parsed = moveSchema.safeParse(body);
  if (!parsed.success)
    return sendJson(response, 400, {
      message: 'Either {"at": "2026-07-01T06:00+09:00"} or {"advance_minutes": 90}',
      errors: z.flattenError(parsed.error).fieldErrors,
    });
  let instant: Date;
  try {
    instant =
      'at' in parsed.data
        ? parseClockInstant(parsed.data.at)
        : new Date(nowMs() + parsed.data.advance_minutes * 60_000);
  } catch (error) {
    return sendJson(response, 400, {
      message: String((error as Error).message),
      errors: { at: ['instant'] },
    });
  }
  sendJson(response, 200, await setClock(instant));
}
