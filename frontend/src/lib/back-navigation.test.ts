import { describe, expect, it } from 'vitest';
import type { ResolvedPage } from '@/config/pages';
import {
  computeTitleBar,
  initialBackNavigationState,
  maxStackDepth,
  recordVisit,
  type BackNavigationState,
} from './back-navigation';

const visit = (state: BackNavigationState, href: string) =>
  recordVisit(state, { pathname: href.split('?')[0]!, href });
const visitAll = (...hrefs: string[]) => hrefs.reduce(visit, initialBackNavigationState);
/** The pages these tests open, as their routes declare them (config/pages.test.ts reads the routes). */
const shown = { layout: 'default', visitorAllowed: true, pageType: 'general' } as const;
const pages: Record<string, ResolvedPage> = {
  '/': { ...shown, title: null, stackType: 'unset', parentPath: null, layout: 'landing' },
  '/faq': { ...shown, title: 'よくある質問', stackType: 'dynamic', parentPath: '/' },
  '/gametop': { ...shown, title: 'ゲームトップ', stackType: 'static', parentPath: '/', pageType: 'game' },
  '/schedule/score': {
    ...shown,
    title: 'リーダーボード',
    stackType: 'dynamic',
    parentPath: '/gametop',
    pageType: 'game',
  },
  '/schedule/round/2': {
    ...shown,
    title: 'ラウンド 2',
    stackType: 'static',
    parentPath: '/gametop',
    visitorAllowed: false,
    pageType: 'game',
  },
};
const bar = (state: BackNavigationState, pathname: string) =>
  computeTitleBar(state, pages[pathname]!, pathname);

describe('recordVisit', () => {
  it('pushes new pages and cuts the stack back when a page is revisited', () => {
    const state = visitAll('/', '/gametop', '/schedule/score', '/gametop');
    expect(state.stack.map((entry) => entry.pathname)).toEqual(['/', '/gametop']);
  });

  it('keeps one entry per page, with the latest search', () => {
    const state = visitAll('/schedule/score', '/schedule/score?game_global_id=2026-03');
    expect(state.stack).toEqual([
      { pathname: '/schedule/score', href: '/schedule/score?game_global_id=2026-03' },
    ]);
  });

  it('marks the arrival from the back button, and only that one', () => {
    let state = visitAll('/', '/schedule/score');
    state = visit({ ...state, pendingBackTarget: '/' }, '/');
    expect(state.isTransitionFromBackButton).toBe(true);
    expect(state.pendingBackTarget).toBeNull();
    state = visit(state, '/gametop');
    expect(state.isTransitionFromBackButton).toBe(false);
  });

  it('is bounded', () => {
    const hrefs = Array.from({ length: maxStackDepth + 10 }, (_, i) => `/guild/${i}/show`);
    expect(visitAll(...hrefs).stack).toHaveLength(maxStackDepth);
  });
});

describe('computeTitleBar', () => {
  it('sends a dynamic page back to the previous page, search included', () => {
    const state = visitAll('/gametop', '/schedule/score?game_global_id=2026-01', '/faq');
    expect(bar(state, '/faq')).toMatchObject({
      stackType: 'dynamic',
      backTargetPath: '/schedule/score?game_global_id=2026-01',
      isDisplayBackButton: true,
      barTitle: 'よくある質問',
    });
  });

  it('knows the previous page before the current one is recorded', () => {
    const state = visitAll('/gametop');
    expect(bar(state, '/schedule/score').backTargetPath).toBe('/gametop');
  });

  it('falls back to the parent when a dynamic page is the first one opened', () => {
    expect(bar(visitAll('/schedule/score'), '/schedule/score').backTargetPath).toBe('/gametop');
  });

  it('sends a static page to its parent whatever came before', () => {
    const state = visitAll('/schedule/score', '/gametop');
    expect(bar(state, '/gametop')).toMatchObject({ stackType: 'static', backTargetPath: '/' });
    expect(bar(state, '/schedule/round/2').backTargetPath).toBe('/gametop');
  });

  it('shows no back button on unset pages', () => {
    expect(bar(visitAll('/gametop', '/'), '/')).toMatchObject({
      isDisplayBackButton: false,
      backTargetPath: null,
      isVisible: false,
    });
  });

  it("shows a page's own title on that page only, and turns the bar on", () => {
    const state = { ...visitAll('/'), titleOverride: { pathname: '/', barTitle: 'ようこそ' } };
    expect(bar(state, '/')).toMatchObject({ barTitle: 'ようこそ', isVisible: true });
    expect(bar(state, '/faq').barTitle).toBe('よくある質問');
    expect(visit(state, '/faq').titleOverride).toBeNull();
  });

  it('hides the bar over an error page', () => {
    const state = { ...visitAll('/', '/faq'), isErrorPageShown: true };
    expect(bar(state, '/faq').isVisible).toBe(false);
  });

  it('defaults the page type label to general', () => {
    expect(bar(initialBackNavigationState, '/faq').pageType).toBe('general');
  });
});
