import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { NotFoundPage, RouteError } from './components/errors/route-error';
import { PageSkeleton } from './components/ui/skeleton';
import { browserConnection, shouldPrefetch } from './lib/connection';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  queryClient: QueryClient;
}

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: shouldPrefetch(browserConnection()) ? 'intent' : false,
    defaultPreloadDelay: 200,
    // Freshness is TanStack Query's business: the router always asks it.
    defaultPreloadStaleTime: 0,
    // A screen's placeholder shows after 200 ms and gives way as soon as the screen is ready: held
    // for the router's default 500 ms, it kept the leaderboard of a cold visit off screen 0.3 s longer.
    defaultPendingMs: 200,
    defaultPendingMinMs: 0,
    defaultPendingComponent: () => <PageSkeleton />,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
