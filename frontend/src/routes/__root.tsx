import { createRootRouteWithContext, redirect } from '@tanstack/react-router';
import { NotFoundPage, RouteError } from '../components/errors/route-error';
import { RootLayout } from '../components/layouts/root-layout';
import { guardRedirect, launchGateSetting } from '../config/guards';
import { siteConfig } from '../config/site-settings';
import { getAuthState, initialiseAuth } from '../lib/auth';
import type { RouterContext } from '../router';

const launchGate = launchGateSetting(import.meta.env['VITE_LAUNCH_GATE'] as string | undefined, siteConfig);

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every page knows whether the player is signed in before it renders (the token cookie is checked
  // once), and the guards of config/guards.ts send it elsewhere when it may not be shown.
  beforeLoad: async ({ location }) => {
    await initialiseAuth();
    const { isAuthenticated, authUser } = getAuthState();
    const target = guardRedirect(location, { isAuthenticated, user: authUser }, { launchGate });
    if (target) throw redirect({ href: target, replace: true });
  },
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteError,
});
