/**
 * Answers asked for before the app ran (`/early-data.js`, loaded from index.html): the first public
 * calls of the pages a crowd opens cold. Each is taken once, by the first GET of exactly its URL, and
 * only while it is fresh; anything else goes to the network as usual.
 */
interface EarlyAnswer {
  at: number;
  answer: Promise<Response>;
}

/** Older than this, an early answer is left for the network to refresh (the routes cache 30 s). */
export const earlyAnswerMaxAgeMs = 15_000;

const store = () => (globalThis as { __EARLY_DATA__?: Record<string, EarlyAnswer> }).__EARLY_DATA__;

/** The early answer for `url`, removed from the store; undefined when there is none or it is stale. */
export function takeEarlyAnswer(url: string, now = Date.now()): Promise<Response> | undefined {
  const early = store();
  const entry = early?.[url];
  if (!early || !entry) return undefined;
  delete early[url];
  return now - entry.at <= earlyAnswerMaxAgeMs ? entry.answer : undefined;
}
