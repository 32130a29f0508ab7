import type { AnyRouter, StaticDataRouteOption } from '@tanstack/react-router';

/**
 * What a screen says about itself. Each route file under `routes/` declares its page in
 * `staticData.page` (title, back behaviour, layout, visitor access); the layout, the title bar, the
 * back target and the visitor guard read the page of the route the router matched, so a screen is
 * described where its path is. A path no route matches shows the 404 page, open to everyone, in the
 * default layout (and the footer rule below still applies to it).
 */

export type LayoutName = 'default' | 'chat' | 'header-only' | 'landing' | 'simple';

/**
 * static: the back button goes to `parent`; dynamic: it goes to the previous page the user visited
 * (or `parent` when there is none); unset: no back button.
 */
export type StackType = 'static' | 'dynamic' | 'unset';

export type PageType = 'general' | 'game' | 'guild' | 'account';

interface PageDefinition {
  /** Title bar text; `{name}` is replaced by the path parameter `$name`. null shows no title. */
  title: string | null;
  stackType: StackType;
  /** Back target of a static page, fallback of a dynamic one; may use the page's own parameters. */
  parent?: string;
  layout?: LayoutName;
  /** Open to visitors (not logged in); other pages send visitors to /login?to=... */
  visitorAllowed?: boolean;
  pageType?: PageType;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * The screen the route shows. Every route declares it (the type requires it); null only for
     * the root and layout routes, which show no screen of their own (`pages.test.ts` checks that
     * every route at the end of a path has a page).
     */
    page: PageDefinition | null;
  }
}

export interface ResolvedPage {
  title: string | null;
  stackType: StackType;
  /** `parent` with the parameters filled in. */
  parentPath: string | null;
  layout: LayoutName;
  visitorAllowed: boolean;
  pageType: PageType;
}

/** The route the router matched last for a path, as a match (`matches.at(-1)`) or a route's options. */
export interface MatchedRoute {
  fullPath: string;
  staticData?: StaticDataRouteOption | undefined;
}

/** Paths under these prefixes keep the footer but hide its navigation (account flows). */
const footerNavHiddenPrefixes = ['/reset-password', '/register', '/login'] as const;

export function isFooterNavHidden(pathname: string): boolean {
  return footerNavHiddenPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** The 404 page: no title, no back button, default layout, open to visitors. */
const notFound: ResolvedPage = {
  title: null,
  stackType: 'unset',
  parentPath: null,
  layout: 'default',
  visitorAllowed: true,
  pageType: 'general',
};

function segmentCount(path: string): number {
  return path.split('/').filter((segment) => segment !== '').length;
}

function fill(template: string, params: Record<string, string>): string {
  return template
    .replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole)
    .replace(/\$(\w+)/g, (whole, name: string) =>
      params[name] === undefined ? whole : encodeURIComponent(params[name]),
    );
}

/**
 * The page on `pathname`, from the route the router matched last, with defaults applied and the
 * path parameters filled in. The route describes the path only when it spans all of it: for
 * `/mypage/unknown` the router matches `/mypage` and shows the 404 page, which is `notFound` here.
 */
export function resolvePage(
  route: MatchedRoute | undefined,
  params: Record<string, string>,
  pathname: string,
): ResolvedPage {
  const page = route?.staticData?.page;
  if (!route || !page || segmentCount(route.fullPath) !== segmentCount(pathname)) return notFound;
  return {
    title: page.title === null ? null : fill(page.title, params),
    stackType: page.stackType,
    parentPath: page.parent === undefined ? null : fill(page.parent, params),
    layout: page.layout ?? 'default',
    visitorAllowed: page.visitorAllowed ?? false,
    pageType: page.pageType ?? 'general',
  };
}

/** The page on `pathname` as the router matches it (the location on screen, not a pending one). */
export function pageAt(router: AnyRouter, pathname: string): ResolvedPage {
  const [, params, route] = router.getMatchedRoutes(pathname);
  return resolvePage(
    route && { fullPath: route.fullPath, staticData: route.options.staticData },
    params,
    pathname,
  );
}
