// First: before any schema module is evaluated.
import './lib/zod-without-eval';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setUnauthenticatedHandler } from './lib/api-client';
import { clearAuth, getAuthState } from './lib/auth';
import { installChunkReload } from './lib/chunk-reload';
import { createQueryClient, forgetSignedInPlayer } from './lib/query-client';
import { createAppRouter } from './router';
import './styles/tokens.css';
import './styles/base.css';
import './styles/shell.css';
import './styles/components.css';
import './styles/screens.css';
import './styles/game.css';

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

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
