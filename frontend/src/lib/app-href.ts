import type { FileRoutesByTo } from '@/routeTree.gen';

/** A screen of the route tree without parameters (`/mypage`, not `/guild/$id/chat`). */
export type StaticPath = Exclude<keyof FileRoutesByTo, `${string}$${string}`>;

/**
 * An in-app address written in code: a screen without parameters, with a query or a fragment if need
 * be. A path that names no screen fails to compile; screens with parameters use the router's `Link`.
 */
export type AppHref = StaticPath | `${StaticPath}?${string}` | `${StaticPath}#${string}`;

/**
 * An address the browser has already shown in this visit (the back-navigation stack), so it is one
 * the router resolved, though not one the compiler can check.
 */
export const visitedPath = (path: string) => path as AppHref;
