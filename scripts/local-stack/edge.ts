import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { securityHeaders, type SiteOrigins } from '../../shared/src/security-headers';

/**
 * What CloudFront does in front of the site and the API, done locally: the security headers of
 * the response headers policy on every answer, and compression of text answers of 1,000 bytes or
 * more for a browser that accepts it (Brotli first, then gzip).
 */
export function setSecurityHeaders(response: ServerResponse, origins: SiteOrigins): void {
  for (const [name, value] of Object.entries(securityHeaders(origins))) response.setHeader(name, value);
}

const compressible = /^(text\/|application\/(json|javascript|manifest\+json|xml)|image\/svg\+xml)/i;
const minimumBytes = 1_000;

export function encodingFor(
  request: IncomingMessage,
  contentType: string,
  size: number,
): 'br' | 'gzip' | null {
  if (size < minimumBytes || !compressible.test(contentType)) return null;
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/** Writes a whole body, compressed when CloudFront would compress it. */
export async function sendBody(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  headers: Record<string, string | string[]>,
  body: Buffer | Readable,
  size: number,
): Promise<void> {
  const contentType = String(headers['content-type'] ?? '');
  const encoding = request.method === 'HEAD' ? null : encodingFor(request, contentType, size);
  const out: Record<string, string | string[]> = { ...headers, vary: 'accept-encoding' };
  if (encoding) out['content-encoding'] = encoding;
  response.writeHead(status, out);
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
  const compressor: Writable | null =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? createGzip()
        : null;
  try {
    if (compressor) await pipeline(source, compressor, response);
    else await pipeline(source, response);
  } catch (error) {
    // The browser went away mid-answer (a cancelled request), as it may.
    if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
  }
}

/** Writes an origin's whole answer, compressed when CloudFront would compress it. */
export function sendAnswer(
  request: IncomingMessage,
  response: ServerResponse,
  answer: { status: number; headers: Record<string, string | string[]>; body: Buffer },
): Promise<void> {
  return sendBody(request, response, answer.status, answer.headers, answer.body, answer.body.length);
}
