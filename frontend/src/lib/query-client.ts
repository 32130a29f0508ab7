import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Answers the server gave on purpose (4xx) are not retried; outages and timeouts are, twice. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * Signing out (or a session the server ended): every kept answer goes, the public ones with the
 * player's own (his teams, score, guild, prizes, account), so whoever signs in next in this tab
 * never sees them; the public pages read again as they open.
 */
export function forgetSignedInPlayer(queryClient: QueryClient): void {
  queryClient.removeQueries();
}
