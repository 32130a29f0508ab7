import { describe, expect, it } from 'vitest';
import { isFooterNavHidden, isVisitorAllowed, pages, resolvePage } from './pages';

describe('resolvePage', () => {
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
    ['/', null, 'unset', null],
  ])('%s: %s, %s, parent %s', (path, title, stackType, parent) => {
    const page = resolvePage(path);
    expect(page.title).toBe(title);
    expect(page.stackType).toBe(stackType);
    expect(page.parentPath).toBe(parent);
  });

  it('gives every round its own title', () => {
    expect([1, 2, 3, 4].map((round) => resolvePage(`/schedule/round/${round}`).title)).toEqual([
      'ラウンド 1',
      'ラウンド 2',
      'ラウンド 3',
      'ラウンド 4',
    ]);
  });

  it('prefers literal segments over parameters', () => {
    expect(resolvePage('/mypage/prize/email_send').pattern).toBe('/mypage/prize/email_send');
    expect(resolvePage('/mypage/prize/7').pattern).toBe('/mypage/prize/$id');
    expect(resolvePage('/schedule/round/1/draft/2/easy/compare').pattern).toBe(
      '/schedule/round/$round/draft/$draft/easy/compare',
    );
    expect(resolvePage('/schedule/round/1/draft/2/easy/p0001').pattern).toBe(
      '/schedule/round/$round/draft/$draft/easy/$player',
    );
    expect(resolvePage('/schedule/round/1/draft/auto/chance').pattern).toBe(
      '/schedule/round/$round/draft/auto/$type',
    );
  });

  it('ignores a trailing slash and decodes parameters', () => {
    expect(resolvePage('/gametop/').pattern).toBe('/gametop');
    expect(resolvePage('/guild/%E5%90%8D/show').params).toEqual({ id: '名' });
  });

  it('chooses the layout of each screen, default otherwise', () => {
    expect(resolvePage('/').layout).toBe('landing');
    expect(resolvePage('/guild/5/chat').layout).toBe('chat');
    expect(resolvePage('/quiz/start').layout).toBe('header-only');
    expect(resolvePage('/coming-soon').layout).toBe('simple');
    expect(resolvePage('/faq').layout).toBe('default');
  });

  it('labels pages general unless they say otherwise', () => {
    expect(resolvePage('/faq').pageType).toBe('general');
    expect(resolvePage('/schedule/score').pageType).toBe('game');
  });

  it('describes an unknown path as a bare default page', () => {
    expect(resolvePage('/no/such/page')).toEqual({
      pattern: null,
      params: {},
      title: null,
      stackType: 'unset',
      parentPath: null,
      layout: 'default',
      visitorAllowed: false,
      pageType: 'general',
    });
  });

  it('every static page has a parent that is itself a page', () => {
    for (const [pattern, page] of Object.entries(pages)) {
      if (page.stackType !== 'static') continue;
      expect(page.parent, pattern).toBeDefined();
      expect(Object.keys(pages), `${pattern} -> ${page.parent}`).toContain(page.parent);
    }
  });
});

describe('isVisitorAllowed', () => {
  it.each([
    ['/', true],
    ['/gametop', true],
    ['/schedule/score', true],
    ['/login/google/callback', true],
    ['/prize/yearly/2023', true],
    ['/reset-password/send', true],
    ['/withdrawal/complete', true],
    ['/register/verify', true],
    ['/mypage', false],
    ['/guild', false],
    ['/schedule/round/1', false],
    ['/register/necessary', false],
    ['/withdrawal', false],
  ])('%s: %s', (path, allowed) => {
    expect(isVisitorAllowed(path)).toBe(allowed);
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
