import type { RouteDefinition } from '../../shared/src/contracts';

/**
 * Viewer-request code for CloudFront Functions (cloudfront-js-2.0). Kept as plain ES5-style source
 * so the tests can run exactly what the edge runs.
 */

/** SPA routes have no file extension in their last segment: serve index.html for them. */
export const spaRewriteCode = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/** A public GET with `cacheSeconds`: the same answer for everyone, which the edge keeps and shares. */
export const isSharedCacheRoute = (route: RouteDefinition): boolean =>
  route.method === 'GET' && route.access === 'public' && route.cacheSeconds !== undefined;

/**
 * A public route with `cacheSeconds` answers the same for everyone, so its requests drop the
 * Authorization header at the edge: signed-in and anonymous players then share one cached answer.
 * Every other request keeps it (CloudFront forwards Authorization only as part of the cache key).
 * A path matches the route with the most literal segments, as in the route table's own matcher.
 */
export function sharedCacheCode(routes: readonly RouteDefinition[]): string {
  const table = routes
    .filter((route) => route.method === 'GET')
    .map((route) => ({
      segments: route.path.split('/').map((part) => (/^\{.+\}$/.test(part) ? null : part)),
      shared: isSharedCacheRoute(route),
    }));
  return `var routes = ${JSON.stringify(table)};
function handler(event) {
  var request = event.request;
  if (request.method !== 'GET' && request.method !== 'HEAD') return request;
  var parts = request.uri.replace(/\\/+$/, '').split('/');
  var best = null;
  var bestLiterals = -1;
  for (var i = 0; i < routes.length; i++) {
    var pattern = routes[i].segments;
    if (pattern.length !== parts.length) continue;
    var literals = 0;
    var ok = true;
    for (var j = 0; j < pattern.length && ok; j++) {
      if (pattern[j] === null) ok = parts[j] !== '';
      else if (pattern[j] === parts[j]) literals++;
      else ok = false;
    }
    if (ok && literals > bestLiterals) {
      best = routes[i];
      bestLiterals = literals;
    }
  }
  if (best && best.shared) delete request.headers.authorization;
  return request;
}`;
}
