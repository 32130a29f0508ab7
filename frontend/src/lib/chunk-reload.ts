/**
 * After a deploy, a tab still running the old build asks for code-split chunks that no longer exist.
 * Reloading fetches the new build. A timestamp in sessionStorage stops a reload loop when the chunk
 * is missing for another reason.
 */
const storageKey = 'golf:chunk-reload-at';
const minimumIntervalMs = 30_000;

const chunkErrorPatterns = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return chunkErrorPatterns.some((pattern) => pattern.test(message));
}

/** Reloads the page unless it was reloaded for the same reason moments ago; true when it reloads. */
export function reloadOnceForChunkError(now: number = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(storageKey) ?? 0);
    if (now - last < minimumIntervalMs) return false;
    sessionStorage.setItem(storageKey, String(now));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/** Vite reports a failed preload of a dynamic import with this event. */
export function installChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForChunkError()) event.preventDefault();
  });
}
