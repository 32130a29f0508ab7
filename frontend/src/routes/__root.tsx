import { createRootRouteWithContext } from '@tanstack/react-router';
import { NotFoundPage, RouteError } from '../components/errors/route-error';
import { RootLayout } from '../components/layouts/root-layout';
import { initialiseAuth } from '../lib/auth';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every page knows whether the player is signed in before it renders (the token cookie is checked once).
  beforeLoad: () => initialiseAuth(),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteError,
});
