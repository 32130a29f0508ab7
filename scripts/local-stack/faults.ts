import type { IncomingMessage, ServerResponse } from 'node:http';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import * as z from 'zod';
import { devChangeRefusal } from './clock-route';
import { readBody, sendJson } from './http-parts';

/**
 * The local stack's fault hook, for trying what DynamoDB Local never does: `POST /dev/faults` with
 * `{"throttle_team_saves": 3}` makes the next 3 team-save transactions (a TransactWriteItems that
 * puts a team) end as DynamoDB ends a throttled one, TransactionCanceledException with a
 * `ThrottlingError` reason, without reaching the table. `GET /dev/faults` reads how many are left.
 * Like /dev/clock: JSON only, never from another site's page, on the local stage only, served by
 * the local stack and never deployed (no route row). The count is the stack process's: its API
 * processes ask it for each team save (api-workers.ts).
 */
export const faultsPath = '/dev/faults';

let throttlesLeft = 0;

/** Takes one of the throttles asked for, if any is left. */
export function takeThrottle(): boolean {
  if (throttlesLeft <= 0) return false;
  throttlesLeft--;
  return true;
}

/** Whether this process's next team save is throttled: its own count, or an API process's parent's. */
let throttleSource: () => Promise<boolean> = async () => takeThrottle();

/** In an API process: the stack process keeps the count, asked through `ask`. */
export function askForThrottles(ask: () => Promise<boolean>): void {
  throttleSource = ask;
}

type TransactItem = { Put?: { Item?: Record<string, unknown> } };

/** Ends a team save's transaction as a throttled one while throttles are left; every other call passes. */
export async function teamSaveFault(
  operation: string,
  input: Record<string, unknown>,
): Promise<Error | undefined> {
  if (operation !== 'TransactWriteItems') return undefined;
  const items = (input['TransactItems'] ?? []) as TransactItem[];
  const team = items.findIndex((item) => item.Put?.Item?.['entity'] === 'team');
  if (team < 0 || !(await throttleSource())) return undefined;
  const codes = items.map((_, i) => (i === team ? 'ThrottlingError' : 'None'));
  return new TransactionCanceledException({
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
    $metadata: { httpStatusCode: 400 },
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
}

const faultsSchema = z.strictObject({ throttle_team_saves: z.number().int().min(0).max(1000) });

export async function serveFaults(
  request: IncomingMessage,
  response: ServerResponse,
  stackUrl: string,
): Promise<void> {
  if (process.env['STAGE'] !== 'local') return sendJson(response, 404, { message: 'not found' });
  if (request.method === 'GET' || request.method === 'HEAD')
    return sendJson(response, 200, { throttle_team_saves: throttlesLeft });
  if (request.method !== 'POST') {
    response.setHeader('allow', 'GET, HEAD, POST');
    return sendJson(response, 405, { message: 'GET or POST' });
  }
  const example = '{"throttle_team_saves": 3}';
  const refused = devChangeRefusal(request, stackUrl, 'set faults', example);
  if (refused) {
    request.resume();
    return sendJson(response, refused.status, { message: refused.message });
  }
  let parsed;
  try {
    parsed = faultsSchema.safeParse(JSON.parse(await readBody(request)));
  } catch {
    return sendJson(response, 400, { message: `A JSON body: ${example}` });
  }
  if (!parsed.success) return sendJson(response, 400, { message: example });
  throttlesLeft = parsed.data.throttle_team_saves;
  sendJson(response, 200, { throttle_team_saves: throttlesLeft });
}
