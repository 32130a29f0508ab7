import { Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { useLayoutEffect, type ComponentType } from 'react';
import { pageAt, type LayoutName } from '@/config/pages';
import { backNavigation } from '@/lib/back-navigation';
import { ChatLayout } from './chat-layout';
import { DefaultLayout } from './default-layout';
import { HeaderOnlyLayout } from './header-only-layout';
import { LandingLayout } from './landing-layout';
import type { LayoutProps } from './layout-props';
import { LoadingBar } from './loading-bar';
import { OfflineBanner } from './offline-banner';
import { SimpleLayout } from './simple-layout';

const layouts: Record<LayoutName, ComponentType<LayoutProps>> = {
  default: DefaultLayout,
  chat: ChatLayout,
  'header-only': HeaderOnlyLayout,
  landing: LandingLayout,
  simple: SimpleLayout,
};

/**
 * Chooses the layout of the page on screen from the page its route declares (`config/pages.ts`) and
 * records the visit for the back button. It follows the resolved location, so the previous page
 * keeps its layout, title and back target while the next one loads, and all three change together
 * with the path the back stack records.
 */
export function RootLayout() {
  const pathname = useRouterState({ select: (state) => (state.resolvedLocation ?? state.location).pathname });
  const href = useRouterState({ select: (state) => (state.resolvedLocation ?? state.location).href });
  const page = pageAt(useRouter(), pathname);

  useLayoutEffect(() => backNavigation.visit({ pathname, href }), [pathname, href]);

  const Layout = layouts[page.layout];
  return (
    <>
      <a className="skip-link" href="#main">
        本文へスキップ
      </a>
      <LoadingBar />
      <OfflineBanner />
      <Layout page={page} pathname={pathname}>
        <Outlet />
      </Layout>
    </>
  );
}
