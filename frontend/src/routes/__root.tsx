import { createRootRouteWithContext, redirect } from '@tanstack/react-router';
import { NotFoundPage, RouteError } from '@/components/errors/route-error';
import { RootLayout } from '@/components/layouts/root-layout';
import { guardRedirect, launchGateSetting } from '@/config/guards';
import { resolvePage } from '@/config/pages';
import { siteConfig } from '@/config/site-settings';
import { getAuthState, initialiseAuth } from '@/lib/auth';
import type { RouterContext } from '@/router';

const launchGate = launchGateSetting(import.meta.env['VITE_LAUNCH_GATE'] as string | undefined, siteConfig);

export const Route = createRootRouteWithContext<RouterContext>()({
  // The root shows no screen of its own: a path no route matches shows the 404 page.
  staticData: { page: null },
  // Every page knows whether the player is signed in before it renders (the token cookie is checked
  // once), and the guards of config/guards.ts send it elsewhere when it may not be shown; whether a
  // visitor may open it is the page its own route declares (the last match).
  beforeLoad: async ({ location, matches }) => {
    await initialiseAuth();
    const { isAuthenticated, authUser } = getAuthState();
    const leaf = matches.at(-1);
    const page = resolvePage(leaf, (leaf?.params ?? {}) as Record<string, string>, location.pathname);
    const target = guardRedirect(
      { pathname: location.pathname, href: location.href, visitorAllowed: page.visitorAllowed },
      { isAuthenticated, user: authUser },
      { launchGate },
    );
    if (target) throw redirect({ href: target, replace: true });
  },
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteError,
});
