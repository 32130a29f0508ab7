import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, type AnyRoute } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { routeTree } from '@/routeTree.gen';
import { guardRedirect } from './guards';
import { isFooterNavHidden, pageAt, resolvePage } from './pages';

// The route files import the Markdown documents the build compiles (frontend/build/markdown-documents.ts).
vi.mock('virtual:doc/company', () => ({ default: { sections: [] } }));
vi.mock('virtual:doc/faq', () => ({ default: { sections: [] } }));
vi.mock('virtual:doc/game-rules', () => ({ default: { sections: [] } }));
vi.mock('virtual:doc/privacy-policy', () => ({ default: { sections: [] } }));
vi.mock('virtual:doc/terms', () => ({ default: { sections: [] } }));

/** The app's routes (the generated tree of `routes/`), matched as the app matches them. */
const router = createRouter({
  routeTree,
  history: createMemoryHistory(),
  context: { queryClient: new QueryClient() },
});
const routes: AnyRoute[] = Object.values(router.routesById);
const page = (pathname: string) => pageAt(router, pathname);

/** What the root route's `beforeLoad` reads: the last match of the navigation. */
function pageFromMatches(pathname: string) {
  const leaf = router.matchRoutes(pathname, {}).at(-1);
  return resolvePage(leaf, (leaf?.params ?? {}) as Record<string, string>, pathname);
}

/** A route's path with each parameter given a value. */
const sample = (fullPath: string) => fullPath.replace(/\$(\w+)/g, '$1-1');

describe('the pages the routes declare', () => {
  it('gives every route at the end of a path a page, and only layout routes none', () => {
    const leaves = routes.filter((route) => !route.children);
    expect(leaves.length).toBeGreaterThan(80);
    for (const route of leaves) expect(route.options.staticData?.page, route.id).toBeTruthy();
    const withoutPage = routes.filter((route) => !route.options.staticData?.page).map((route) => route.id);
    expect(withoutPage.sort()).toEqual(['/ops', '__root__']);
  });

  it('sends every static page back to a page that exists', () => {
    for (const route of routes) {
      const declared = route.options.staticData?.page;
      if (!declared || declared.stackType === 'unset') continue;
      expect(declared.parent, route.id).toBeDefined();
      const parent = page(sample(route.fullPath)).parentPath!;
      const [, , target] = router.getMatchedRoutes(parent);
      expect(target?.options.staticData?.page, `${route.id} -> ${parent}`).toBeTruthy();
      expect(page(parent), `${route.id} -> ${parent}`).not.toEqual(page('/no/such/page'));
    }
  });

  it.each([
    ['/login', 'ログイン', 'dynamic', '/'],
    ['/register', '新規登録', 'dynamic', '/'],
    ['/faq', 'よくある質問', 'dynamic', '/'],
    ['/mypage', 'マイページ', 'static', '/'],
    ['/prize', '賞品一覧', 'dynamic', '/'],
    ['/guild', 'ギルド', 'static', '/'],
    ['/guild/12/member', 'ギルド', 'static', '/guild/12/show'],
    ['/gametop', 'ゲームトップ', 'static', '/'],
    ['/schedule/score', 'リーダーボード', 'dynamic', '/gametop'],
    ['/schedule/round/3', 'ラウンド 3', 'static', '/gametop'],
    ['/schedule/round/2/draft/auto/condition', 'AIセレクトモード', 'static', '/schedule/round/2'],
    [
      '/schedule/round/2/draft/1/easy/indicator',
      'レーダーチャート',
      'static',
      '/schedule/round/2/draft/1/easy',
    ],
    [
      '/schedule/round/4/draft/3/advanced/p0012',
      'ラウンド 4',
      'dynamic',
      '/schedule/round/4/draft/3/advanced',
    ],
    ['/mypage/prize/email_send', 'マイページ', 'static', '/mypage'],
    ['/mypage/prize/7/confirm', 'マイページ', 'static', '/mypage/prize/7'],
    ['/ops', '運営コンソール', 'unset', null],
    ['/ops/setup', '大会の準備', 'static', '/ops'],
    ['/', null, 'unset', null],
  ])('%s: %s, %s, parent %s', (path, title, stackType, parent) => {
    expect(page(path)).toMatchObject({ title, stackType, parentPath: parent });
  });

  it('gives every round its own title', () => {
    expect([1, 2, 3, 4].map((round) => page(`/schedule/round/${round}`).title)).toEqual([
      'ラウンド 1',
      'ラウンド 2',
      'ラウンド 3',
      'ラウンド 4',
    ]);
  });

  it('ignores a trailing slash and fills parents with the encoded parameter', () => {
    expect(page('/gametop/').title).toBe('ゲームトップ');
    expect(page('/guild/%E5%90%8D/member').parentPath).toBe('/guild/%E5%90%8D/show');
  });

  it('chooses the layout of each screen, default otherwise', () => {
    expect(page('/').layout).toBe('landing');
    expect(page('/guild/5/chat').layout).toBe('chat');
    expect(page('/quiz/start').layout).toBe('header-only');
    expect(page('/coming-soon').layout).toBe('simple');
    expect(page('/faq').layout).toBe('default');
  });

  it('labels pages general unless they say otherwise', () => {
    expect(page('/faq').pageType).toBe('general');
    expect(page('/schedule/score').pageType).toBe('game');
  });

  it('describes a path no route spans as the 404 page: default layout, open to visitors', () => {
    const notFound = {
      title: null,
      stackType: 'unset',
      parentPath: null,
      layout: 'default',
      visitorAllowed: true,
      pageType: 'general',
    };
    expect(page('/no/such/page')).toEqual(notFound);
    // The router matches /mypage and /ops (a layout) and shows the 404 page below them.
    expect(page('/mypage/no-such-page')).toEqual(notFound);
    expect(page('/ops/no-such-page')).toEqual(notFound);
  });

  it('reads the same page from the matches of a navigation as from the location on screen', () => {
    const paths = [
      ...routes.map((route) => sample(route.fullPath)),
      '/no/such/page',
      '/mypage/no-such-page',
      '/gametop/',
    ];
    for (const path of paths) expect(pageFromMatches(path), path).toEqual(page(path));
  });
});

describe('visitor whitelist (spec section 6)', () => {
  const visitorAt = (href: string) => {
    const pathname = href.split(/[?#]/)[0]!;
    const location = { pathname, href, visitorAllowed: pageFromMatches(pathname).visitorAllowed };
    return guardRedirect(location, { isAuthenticated: false, user: null }, { launchGate: false });
  };

  it.each([
    '/',
    '/contact',
    '/contact/confirm',
    '/contact/complete',
    '/privacy-policy',
    '/faq',
    '/campaign/gdo_2023',
    '/register',
    '/register/send',
    '/register/verify',
    '/register/mail/complete',
    '/login',
    '/login/google/callback',
    '/login/twitter/callback',
    '/login/line/callback',
    '/login/apple/callback',
    '/logout',
    '/reset-password',
    '/reset-password/mail',
    '/reset-password/send',
    '/reset-password/complete',
    '/topics',
    '/terms',
    '/prize',
    '/prize/game/3',
    '/prize/entry/3',
    '/prize/yearly/3',
    '/howto',
    '/about/company',
    '/coming-soon',
    '/settings/mail/change',
    '/gametop',
    '/schedule/score',
    '/withdrawal/complete',
    '/reminders/unsubscribe/t0k3n',
  ])('a visitor may open %s', (path) => {
    expect(visitorAt(path)).toBeNull();
  });

  it.each([
    ['/mypage', '/login?to=%2Fmypage'],
    ['/guild', '/login?to=%2Fguild'],
    ['/guild/12/chat', '/login?to=%2Fguild%2F12%2Fchat'],
    ['/schedule/round/2?game_global_id=g1', '/login?to=%2Fschedule%2Fround%2F2%3Fgame_global_id%3Dg1'],
    ['/register/mail', '/login?to=%2Fregister%2Fmail'],
    ['/register/terms', '/login?to=%2Fregister%2Fterms'],
    ['/settings/mail', '/login?to=%2Fsettings%2Fmail'],
    ['/settings/password', '/login?to=%2Fsettings%2Fpassword'],
    ['/withdrawal', '/login?to=%2Fwithdrawal'],
    ['/quiz', '/login?to=%2Fquiz'],
    ['/ranking/golf/personal', '/login?to=%2Franking%2Fgolf%2Fpersonal'],
    ['/mypage/prize/4', '/login?to=%2Fmypage%2Fprize%2F4'],
    ['/ops/setup', '/login?to=%2Fops%2Fsetup'],
  ])('a visitor opening %s goes to %s', (path, to) => {
    expect(visitorAt(path)).toBe(to);
  });

  it('leaves unknown paths to the 404 page', () => {
    expect(visitorAt('/no-such-page')).toBeNull();
    expect(visitorAt('/password')).toBeNull();
    expect(visitorAt('/mypage/no-such-page')).toBeNull();
  });
});

describe('isFooterNavHidden', () => {
  it.each([
    ['/login', true],
    ['/login/google/callback', true],
    ['/register', true],
    ['/register/mail', true],
    ['/reset-password/send', true],
    ['/', false],
    ['/registered', false],
    ['/mypage', false],
  ])('%s: %s', (path, hidden) => {
    expect(isFooterNavHidden(path)).toBe(hidden);
  });
});
