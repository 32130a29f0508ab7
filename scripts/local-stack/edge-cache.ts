import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { routeList } from '../../shared/src/contracts';
import {
  apiCachePolicy,
  edgeCacheKey,
  edgePolicyFor,
  edgeTtlSeconds,
  type EdgeCachePolicy,
} from '../../shared/src/edge-cache';
import { sharedCacheCode, spaRewriteCode } from '../../infra/lib/cloudfront-functions';
import { encodingFor, sendAnswer } from './edge';
import type { OriginAnswer } from './lambda-adapter';

type ViewerRequest = { method: string; uri: string; headers: Record<string, { value: string }> };
type ViewerFunction = (event: { request: ViewerRequest }) => ViewerRequest;

/** Runs a CloudFront Function's source as the edge does (the same text the CDK deploys). */
function viewerFunction(code: string): ViewerFunction {
  return new Function(`${code}\nreturn handler;`)() as ViewerFunction;
}

/** CloudFront keeps these statuses by the TTL rules; errors are not kept here (no error caching). */
const cacheableStatuses = new Set([200, 203, 300, 301, 410]);

interface Entry {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
  storedAt: number;
  expiresAt: number;
}

export interface EdgeCacheOptions {
  /** Answers kept at most; the oldest goes first. */
  maxEntries?: number;
  now?: () => number;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The local stand-in of CloudFront's cache, by the rules shared with the CDK's cache policies
 * (shared/src/edge-cache.ts): GET and HEAD only, one entry for both, always a GET's answer (a HEAD
 * goes to the origin as a GET; docs/architecture.md, "The edge cache"); the key is the path, the
 * query string and the key headers (Authorization for /api/*) after the same viewer-request functions
 * the distribution runs (the shared ranking pages drop Authorization, SPA paths become /index.html);
 * the TTL comes from the origin's Cache-Control held between the policy's minimum and maximum; an
 * answer that sets a cookie is never kept. Concurrent misses of one key wait for the first (CloudFront's request collapsing)
 * and share its answer when it may be kept. Each compressed form is kept under its own key.
 */
export class EdgeCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<Entry | null>>();
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly apiViewer = viewerFunction(sharedCacheCode(routeList()));
  private readonly siteViewer = viewerFunction(spaRewriteCode);
  hits = 0;
  misses = 0;

  constructor(options: EdgeCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  /** Forgets every kept answer (the game clock moved: what was current may not be any more). */
  clear(): void {
    this.entries.clear();
  }

  /**
   * Answers `request` from the cache or from `origin`, rewriting the request as the viewer
   * functions do first (the origin sees the rewritten URL and headers).
   */
  async serve(
    request: IncomingMessage,
    response: ServerResponse,
    origin: (request: IncomingMessage) => Promise<OriginAnswer>,
  ): Promise<void> {
    const method = (request.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') {
      await sendAnswer(request, response, await origin(request));
      return;
    }
    const url = new URL(request.url ?? '/', 'http://local');
    const policy = edgePolicyFor(url.pathname);
    this.runViewerFunction(policy, request, url);
    // GET and HEAD share one entry (CloudFront's cache key holds no method but OPTIONS): the origin
    // is asked with GET, so that an entry always holds the whole answer; a HEAD gets its headers.
    const withBody = method === 'GET';
    request.method = 'GET';
    const accepted = acceptedEncoding(request, policy);
    const key = edgeCacheKey(
      policy,
      {
        path: url.pathname,
        query: url.search,
        headers: request.headers as Record<string, string | undefined>,
      },
      accepted,
    );
    const cached = this.lookup(key);
    if (cached) {
      this.hits++;
      await writeAnswer(response, withBody, cached, 'Hit', Math.floor((this.now() - cached.storedAt) / 1000));
      return;
    }
    const waiting = this.inFlight.get(key);
    if (waiting) {
      const shared = await waiting;
      if (shared) {
        this.hits++;
        await writeAnswer(response, withBody, shared, 'Hit', 0);
        return;
      }
    }
    this.misses++;
    let settle!: (entry: Entry | null) => void;
    const mine = new Promise<Entry | null>((resolve) => (settle = resolve));
    if (!waiting) this.inFlight.set(key, mine);
    try {
      const answer = await origin(request);
      const encoded = await encode(request, answer, accepted);
      const ttl = keepSeconds(policy, encoded);
      const now = this.now();
      const entry: Entry = { ...encoded, storedAt: now, expiresAt: now + ttl * 1000 };
      if (ttl > 0) this.store(key, entry);
      settle(ttl > 0 ? entry : null);
      await writeAnswer(response, withBody, entry, 'Miss');
    } catch (error) {
      settle(null);
      throw error;
    } finally {
      if (this.inFlight.get(key) === mine) this.inFlight.delete(key);
    }
  }

  private runViewerFunction(policy: EdgeCachePolicy, request: IncomingMessage, url: URL): void {
    const headers: Record<string, { value: string }> = {};
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === 'string') headers[name] = { value };
    const viewer = policy === apiCachePolicy ? this.apiViewer : this.siteViewer;
    const out = viewer({ request: { method: request.method ?? 'GET', uri: url.pathname, headers } });
    for (const name of Object.keys(request.headers))
      if (typeof request.headers[name] === 'string' && !(name in out.headers)) delete request.headers[name];
    if (out.uri !== url.pathname) {
      url.pathname = out.uri;
      request.url = url.pathname + url.search;
    }
  }

  private lookup(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > this.now()) return entry;
    this.entries.delete(key);
    return undefined;
  }

  private store(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** The encoding the key is normalised to: Brotli, then gzip, as the policy allows and the viewer accepts. */
function acceptedEncoding(request: IncomingMessage, policy: EdgeCachePolicy): 'br' | 'gzip' | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (policy.acceptEncoding.brotli && /\bbr\b/.test(accepted)) return 'br';
  if (policy.acceptEncoding.gzip && /\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

function keepSeconds(policy: EdgeCachePolicy, answer: OriginAnswer): number {
  if (!cacheableStatuses.has(answer.status) || answer.headers['set-cookie'] !== undefined) return 0;
  const cacheControl = answer.headers['cache-control'];
  return edgeTtlSeconds(policy, Array.isArray(cacheControl) ? cacheControl.join(', ') : cacheControl);
}

/** The answer as this viewer gets it: compressed when CloudFront would compress it. */
async function encode(
  request: IncomingMessage,
  answer: OriginAnswer,
  accepted: 'br' | 'gzip' | null,
): Promise<OriginAnswer> {
  const headers: Record<string, string | string[]> = { ...answer.headers, vary: 'accept-encoding' };
  const contentType = String(answer.headers['content-type'] ?? '');
  const encoding = accepted && encodingFor(request, contentType, answer.body.length);
  if (!encoding) return { ...answer, headers };
  const body =
    encoding === 'br'
      ? await brotli(answer.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : await gzipAsync(answer.body);
  return { status: answer.status, headers: { ...headers, 'content-encoding': encoding }, body };
}

async function writeAnswer(
  response: ServerResponse,
  withBody: boolean,
  answer: OriginAnswer,
  cache: 'Hit' | 'Miss',
  age?: number,
): Promise<void> {
  const headers: Record<string, string | string[]> = {
    ...answer.headers,
    'x-cache': `${cache} from cloudfront`,
    'content-length': String(answer.body.length),
  };
  if (age !== undefined) headers['age'] = String(age);
  response.writeHead(answer.status, headers);
  response.end(withBody ? answer.body : undefined);
}
