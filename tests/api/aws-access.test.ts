import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { AwsAccess } from '../../shared/src/contracts';
import { routes } from '../../shared/src/contracts';
import { runWithAwsAccess, type AwsCall } from '../../functions/src/lib/aws-access';
import { handler as finishTutorial } from '../../functions/src/handlers/user/finish-tutorial';
import { handler as verifyRegistration } from '../../functions/src/handlers/auth/verify-registration';
import { api, tokenFor } from './support/api';
import { freshLoopbackMailBudget } from './support/mail-budget';

type Handler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

/** Runs a handler in this process as the local stack does, under the given declaration. */
async function invoke(
  handler: Handler,
  aws: AwsAccess,
  request: { method: string; path: string; token?: string; params?: Record<string, string> },
) {
  const calls: AwsCall[] = [];
  const event = {
    version: '2.0',
    rawPath: request.path,
    rawQueryString: '',
    headers: request.token ? { authorization: `Bearer ${request.token}` } : {},
    pathParameters: request.params,
    isBase64Encoded: false,
    requestContext: {
      http: { method: request.method, path: request.path, sourceIp: '127.0.0.1' },
      timeEpoch: Date.now(),
    },
  } as unknown as APIGatewayProxyEventV2;
  const result = await runWithAwsAccess(
    'test',
    aws,
    () => handler(event, {} as Context),
    (call) => calls.push(call),
  );
  return { status: result.statusCode, calls };
}

describe('the AWS access each route declares, held to locally', () => {
  it('refuses a write from a handler declared read-only, with AWS’s AccessDenied, and allows its own', async () => {
    const token = await tokenFor('sample-user-0298');
    const request = { method: 'POST', path: '/api/user/tutorial', token };
    const readOnly = await invoke(finishTutorial as Handler, { table: 'read' }, request);
    expect(readOnly.status).toBe(500);
    expect(readOnly.calls).toContainEqual(
      expect.objectContaining({ action: 'dynamodb:UpdateItem', allowed: false }),
    );

    expect(routes.finishUserTutorial.aws.table).toBe('write');
    const declared = await invoke(finishTutorial as Handler, routes.finishUserTutorial.aws, request);
    expect(declared.status).toBe(200);
    expect(declared.calls).toContainEqual(
      expect.objectContaining({ action: 'dynamodb:UpdateItem', allowed: true }),
    );
  });

  it('refuses a write outside the partitions the row names, with AWS’s AccessDeniedException', async () => {
    const token = await tokenFor('sample-user-0297');
    const request = { method: 'POST', path: '/api/user/tutorial', token };
    const declared = routes.finishUserTutorial.aws;
    expect(declared.keys.write).toContain('USER#');
    // The same row, reading users but writing teams instead: the tutorial flag is a USER# item.
    const elsewhere = {
      ...declared,
      keys: { read: [...declared.keys.read, 'USER#'], write: ['TEAM#'] },
    } as const;
    const refused = await invoke(finishTutorial as Handler, elsewhere, request);
    expect(refused.status).toBe(500);
    expect(refused.calls).toContainEqual({
      action: 'dynamodb:UpdateItem',
      allowed: false,
      leadingKeys: ['USER#sample-user-0297'],
    });

    const allowed = await invoke(finishTutorial as Handler, declared, request);
    expect(allowed.status).toBe(200);
  });

  it('needs write access for the public GET that opens a registration link', async () => {
    const email = `aws-access-${Date.now().toString(36)}@example.com`;
    const password = 'first-pass-1';
    const body = { email, password, password_confirmation: password };
    await freshLoopbackMailBudget();
    expect((await api('POST', '/api/auth/register', { body })).status).toBe(202);
    type Outbox = { messages: Array<{ text: string }> };
    const [mail] = (await api<Outbox>('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`)).body
      .messages;
    const token = /\/register\/verify\?token=([\w-]+)/.exec(mail!.text)![1]!;
    const request = { method: 'GET', path: `/api/auth/register/verify/${token}`, params: { token } };

    const readOnly = await invoke(verifyRegistration as Handler, { table: 'read' }, request);
    expect(readOnly.status).toBe(500);
    expect(readOnly.calls.filter((call) => !call.allowed).length).toBeGreaterThan(0);

    expect(routes.verifyRegistration.aws.table).toBe('write');
    const opened = await api('GET', `/api/auth/register/verify/${token}`);
    expect(opened.status).toBe(200);
  });

  it('gives a route without table access no table at all', async () => {
    expect(routes.getMasterList.aws.table).toBe('none');
    const { handler } = await import('../../functions/src/handlers/user/get-me');
    const token = await tokenFor('sample-user-0001');
    const result = await invoke(
      handler as Handler,
      { table: 'none' },
      { method: 'GET', path: '/api/user/me', token },
    );
    expect(result.status).toBe(500);
    expect(result.calls[0]).toMatchObject({ action: 'dynamodb:BatchGetItem', allowed: false });
  });
});
