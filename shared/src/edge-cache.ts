/**
 * What CloudFront caches in front of the site and the API, declared once: the CDK builds the
 * distribution's cache policies from these values (infra/lib/stacks/web-stack.ts) and the local
 * stack's edge caches by the same rules (scripts/local-stack/edge-cache.ts).
 */

export interface EdgeCachePolicy {
  /** Seconds an answer stays even when its Cache-Control says no-store, no-cache or private. */
  minTtlSeconds: number;
  /** Seconds an answer without Cache-Control (or Expires) stays. */
  defaultTtlSeconds: number;
  /** The most seconds an answer stays, whatever its Cache-Control says. */
  maxTtlSeconds: number;
  /** Whether the query string is part of the cache key (and reaches the origin). */
  queryStrings: 'all' | 'none';
  /** Request headers in the cache key, as CloudFront spells them. */
  headers: readonly string[];
  /** Compressed copies kept apart by the viewer's Accept-Encoding. */
  acceptEncoding: { gzip: boolean; brotli: boolean };
}

/**
 * /api/*: the handlers' Cache-Control decides (`no-store` unless a public route sets cacheSeconds).
 * Authorization is in the key, as CloudFront forwards it only from there; the viewer-request
 * function removes it on the routes whose answer is the same for everyone.
 */
export const apiCachePolicy: EdgeCachePolicy = {
  minTtlSeconds: 0,
  defaultTtlSeconds: 0,
  maxTtlSeconds: 86_400,
  queryStrings: 'all',
  headers: ['Authorization'],
  acceptEncoding: { gzip: true, brotli: true },
};

/** The site's files: AWS's managed CachingOptimized policy (no query string, no header in the key). */
export const siteCachePolicy: EdgeCachePolicy = {
  minTtlSeconds: 1,
  defaultTtlSeconds: 86_400,
  maxTtlSeconds: 31_536_000,
  queryStrings: 'none',
  headers: [],
  acceptEncoding: { gzip: true, brotli: true },
};

/** The distribution's behaviours: the first whose pattern matches the path serves it. */
export const edgeBehaviours: ReadonlyArray<{ pathPattern: string; policy: EdgeCachePolicy }> = [
  { pathPattern: '/api/*', policy: apiCachePolicy },
  { pathPattern: '*', policy: siteCachePolicy },
];

export function edgePolicyFor(path: string): EdgeCachePolicy {
  for (const { pathPattern, policy } of edgeBehaviours) {
    if (pathPattern === '*') return policy;
    const prefix = pathPattern.slice(0, -1);
    if (pathPattern.endsWith('*') ? path.startsWith(prefix) : path === pathPattern) return policy;
  }
  return siteCachePolicy;
}

/**
 * Seconds CloudFront keeps an answer under `policy`, from its Cache-Control: s-maxage before max-age,
 * held between the minimum and maximum TTL; no-store, no-cache and private keep it only the minimum
 * TTL; no Cache-Control at all keeps it the default TTL (CloudFront's "Managing how long content
 * stays in the cache"). 0: not cached.
 */
export function edgeTtlSeconds(policy: EdgeCachePolicy, cacheControl: string | undefined): number {
  if (!cacheControl?.trim()) return policy.defaultTtlSeconds;
  const directives = new Map<string, string | undefined>();
  for (const part of cacheControl.split(',')) {
    const [name, value] = part.trim().split('=', 2) as [string, string | undefined];
    if (name) directives.set(name.toLowerCase(), value?.replace(/^"|"$/g, ''));
  }
  if (directives.has('no-store') || directives.has('no-cache') || directives.has('private'))
    return policy.minTtlSeconds;
  const seconds = Number(directives.get('s-maxage') ?? directives.get('max-age'));
  if (!Number.isFinite(seconds)) return policy.defaultTtlSeconds;
  return Math.min(policy.maxTtlSeconds, Math.max(policy.minTtlSeconds, seconds));
}

/**
 * The cache key of a request under `policy`: method class (GET and HEAD share answers), path, the
 * query string when the policy keys on it, the key headers and the normalised encoding.
 */
export function edgeCacheKey(
  policy: EdgeCachePolicy,
  request: { path: string; query: string; headers: Record<string, string | undefined> },
  encoding: 'br' | 'gzip' | null,
): string {
  const parts = [request.path, policy.queryStrings === 'all' ? request.query : ''];
  for (const name of policy.headers) parts.push(request.headers[name.toLowerCase()] ?? '');
  parts.push(encoding ?? '');
  return JSON.stringify(parts);
}
