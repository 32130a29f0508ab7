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
    defaultPendingMs: 200,
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
