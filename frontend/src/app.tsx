import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { setUnauthenticatedHandler } from './lib/api-client';
import { clearAuth, getAuthState } from './lib/auth';
import { installChunkReload } from './lib/chunk-reload';
import { createQueryClient, forgetSignedInPlayer } from './lib/query-client';
import { createAppRouter } from './router';

export interface RunningApp {
  root: Root;
  router: ReturnType<typeof createAppRouter>;
}

/**
 * The whole app mounted on `element` at the document's address: what a page load runs (main.tsx),
 * and what the screen tests (frontend/test/screens) run for each page they open.
 */
export function startApp(element: HTMLElement): RunningApp {
  installChunkReload();

  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);

  // A 401 while logged in: the session is over on the server, so end it here and ask to log in again.
  setUnauthenticatedHandler(() => {
    if (!getAuthState().isAuthenticated) return;
    clearAuth();
    forgetSignedInPlayer(queryClient);
    void router.navigate({ href: '/login?token=invalid' });
  });

  const root = createRoot(element);
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return { root, router };
}
