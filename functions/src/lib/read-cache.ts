import { hostTimeMs } from './clock';

/**
 * A small in-process cache for answers that are the same for everyone (public ranking pages): a
 * warm function answers the spike after a round from memory for a few seconds, and concurrent
 * misses of one key share a single load. Entries expire by age; the oldest go first beyond
 * `maxEntries`. Writers in the same process clear every cache (`clearReadCaches`); other processes
 * see a change within `ttlMs` (the shared CDN keeps public answers longer anyway).
 */
const caches = new Set<ReadCache<unknown>>();

export class ReadCache<V> {
  private readonly entries = new Map<string, { at: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {
    caches.add(this as ReadCache<unknown>);
  }

  /** `ttlMs`: this call's age limit, where the cache's own comes from configuration read later. */
  get(key: string, load: () => Promise<V>, nowMs = hostTimeMs(), ttlMs = this.ttlMs): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && nowMs - hit.at < ttlMs) return hit.value;
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { at: nowMs, value });
    // A failed load is not kept: the next request tries again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

export function clearReadCaches(): void {
  for (const cache of caches) cache.clear();
}
