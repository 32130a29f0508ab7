import { useSyncExternalStore } from 'react';
import type { PageType, ResolvedPage, StackType } from '@/config/pages';
import { createStore } from './create-store';

/**
 * The title bar and its back button. The back target follows the page the route declares: a 'static' page
 * goes to its fixed parent, a 'dynamic' page to the page visited before it (kept here as a stack of
 * visited paths), an 'unset' page shows no back button.
 */
export interface TitleBarState {
  isDisplayBackButton: boolean;
  backTargetPath: string | null;
  stackType: StackType;
  barTitle: string;
  isTransitionFromBackButton: boolean;
  pageType: PageType;
  /** Whether the bar is shown at all (a title, a back button, or a page's own update). */
  isVisible: boolean;
}

export interface VisitedPage {
  pathname: string;
  /** Path with its search, so going back restores the tournament the leaderboard showed. */
  href: string;
}

export interface BackNavigationState {
  /** Visited pages, oldest first, without cycles: revisiting a page cuts the stack back to it. */
  stack: VisitedPage[];
  /** Set by the back button until the page it leads to is reached. */
  pendingBackTarget: string | null;
  isTransitionFromBackButton: boolean;
  /** A page's own title (a guild's name); it also turns the bar on. Bound to the page that set it. */
  titleOverride: { pathname: string; barTitle: string } | null;
  /** An error page is on screen: no title bar over it. */
  isErrorPageShown: boolean;
}

export const maxStackDepth = 30;

export const initialBackNavigationState: BackNavigationState = {
  stack: [],
  pendingBackTarget: null,
  isTransitionFromBackButton: false,
  titleOverride: null,
  isErrorPageShown: false,
};

function pathnameOf(href: string): string {
  const end = href.search(/[?#]/);
  return end === -1 ? href : href.slice(0, end);
}

/** The stack after arriving at `page`. */
export function recordVisit(state: BackNavigationState, page: VisitedPage): BackNavigationState {
  const fromBackButton =
    state.pendingBackTarget !== null && pathnameOf(state.pendingBackTarget) === page.pathname;
  const existing = state.stack.findLastIndex((entry) => entry.pathname === page.pathname);
  const stack =
    existing === -1
      ? [...state.stack, page].slice(-maxStackDepth)
      : [...state.stack.slice(0, existing), page];
  return {
    ...state,
    stack,
    pendingBackTarget: null,
    isTransitionFromBackButton: fromBackButton,
    titleOverride: state.titleOverride?.pathname === page.pathname ? state.titleOverride : null,
  };
}

/** The page visited before `pathname`, whether or not `pathname` has been recorded yet. */
function previousPage(stack: VisitedPage[], pathname: string): VisitedPage | null {
  const top = stack.at(-1);
  if (top?.pathname === pathname) return stack.at(-2) ?? null;
  return top ?? null;
}

/** What the title bar shows on `pathname`, described by `page`. */
export function computeTitleBar(
  state: BackNavigationState,
  page: ResolvedPage,
  pathname: string,
): TitleBarState {
  const backTargetPath =
    page.stackType === 'static'
      ? page.parentPath
      : page.stackType === 'dynamic'
        ? (previousPage(state.stack, pathname)?.href ?? page.parentPath ?? '/')
        : null;
  const override = state.titleOverride?.pathname === pathname ? state.titleOverride : null;
  const barTitle = override?.barTitle ?? page.title ?? '';
  const isDisplayBackButton = backTargetPath !== null;
  return {
    isDisplayBackButton,
    backTargetPath,
    stackType: page.stackType,
    barTitle,
    isTransitionFromBackButton: state.isTransitionFromBackButton,
    pageType: page.pageType,
    isVisible: !state.isErrorPageShown && (override !== null || isDisplayBackButton || barTitle !== ''),
  };
}

const storageKey = 'golf:back-stack';

function loadStack(): VisitedPage[] {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? '[]');
    if (!Array.isArray(saved)) return [];
    return saved.filter(
      (entry): entry is VisitedPage =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as VisitedPage).pathname === 'string' &&
        typeof (entry as VisitedPage).href === 'string',
    );
  } catch {
    return [];
  }
}

function saveStack(stack: VisitedPage[]): void {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(stack));
  } catch {
    // Private mode or full storage: the stack still works for this page load.
  }
}

const store = createStore<BackNavigationState>({
  ...initialBackNavigationState,
  // A reload keeps the stack of this tab, so a dynamic page still knows where the player came from.
  stack: typeof sessionStorage === 'undefined' ? [] : loadStack(),
});

function update(next: BackNavigationState): void {
  if (next.stack !== store.get().stack) saveStack(next.stack);
  store.set(next);
}

export const backNavigation = {
  get: store.get,
  subscribe: store.subscribe,
  visit(page: VisitedPage) {
    update(recordVisit(store.get(), page));
  },
  /** Called by the back button just before it navigates to `target`. */
  startBackTransition(target: string) {
    update({ ...store.get(), pendingBackTarget: target });
  },
  /** A page's own title; like every title bar update it turns the bar on. */
  updateTitle(pathname: string, barTitle: string) {
    update({ ...store.get(), titleOverride: { pathname, barTitle } });
  },
  setErrorPageShown(isErrorPageShown: boolean) {
    if (store.get().isErrorPageShown !== isErrorPageShown) update({ ...store.get(), isErrorPageShown });
  },
  /** 500 and 503 start over: no stack, no title. */
  reset() {
    update({ ...initialBackNavigationState, isErrorPageShown: store.get().isErrorPageShown });
  },
};

export function useBackNavigationState(): BackNavigationState {
  return useSyncExternalStore(backNavigation.subscribe, backNavigation.get, backNavigation.get);
}
