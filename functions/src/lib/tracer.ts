import type { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import { serviceName } from './service-name';

/**
 * Where a trace is sent: a Lambda runtime (AWS_EXECUTION_ENV, which Lambda sets) whose tracing is
 * not turned off (POWERTOOLS_TRACE_ENABLED=false, Powertools' own switch). The X-Ray SDK under the
 * Tracer starts an async hook when it is imported (its automatic mode), which slows every promise of
 * the process several times over; so the local stack, the tests and the benches never import it.
 */
const sendsTraces =
  (process.env['AWS_EXECUTION_ENV'] ?? '') !== '' &&
  (process.env['POWERTOOLS_TRACE_ENABLED'] ?? '').toLowerCase() !== 'false';

/**
 * Powertools' Tracer in Lambda, where X-Ray active tracing is on for every function
 * (infra/lib/observability.ts): a subsegment for each AWS SDK call of a client made by `traced`,
 * and for each outgoing HTTP request, `fetch` included (`captureHTTPsRequests`, its default).
 * Undefined everywhere else.
 */
const tracer: Tracer | undefined = sendsTraces
  ? new (await import('@aws-lambda-powertools/tracer')).Tracer({ serviceName })
  : undefined;

/** The client, its calls traced as subsegments named after their service (in Lambda only). */
export const traced = <C>(client: C): C => (tracer ? tracer.captureAWSv3Client(client) : client);

/**
 * The handler's invocation as a subsegment with its cold start annotated; the answer stays out of
 * the trace (players' data, and X-Ray's 64 KB segment limit). An error the handler's own middleware
 * answered below 500 (a refusal, a validation error) is the caller's, not a fault of the function:
 * its subsegment closes as an answer's does.
 */
export function tracingMiddleware(): middy.MiddlewareObj[] {
  if (!tracer) return [];
  const capture = captureLambdaHandler(tracer, { captureResponse: false });
  return [
    {
      ...capture,
      onError: (request) => {
        const status = (request.response as { statusCode?: number } | undefined)?.statusCode;
        return status !== undefined && status < 500 ? capture.after!(request) : capture.onError!(request);
      },
    },
  ];
}

/** A handler that middy does not wrap otherwise (the jobs, the triggers), traced the same way. */
export function tracedHandler<H extends (event: never, context: never) => Promise<unknown>>(handler: H): H {
  if (!tracer) return handler;
  return middy(handler as Parameters<typeof middy>[0]).use(tracingMiddleware()) as unknown as H;
}
