/**
 * Every screen of the product spec in one table, keyed by its route path pattern (TanStack Router
 * syntax: `$name` is a parameter). The layout, the title bar, the back target and the visitor guard
 * all read this table, so a screen is described once. A screen whose route file does not exist yet
 * still has its row: the layout and the footer rule apply to the 404 page shown there.
 */

export type LayoutName = 'default' | 'chat' | 'header-only' | 'landing' | 'simple';

/**
 * static: the back button goes to `parent`; dynamic: it goes to the previous page the user visited
 * (or `parent` when there is none); unset: no back button.
 */
export type StackType = 'static' | 'dynamic' | 'unset';

export type PageType = 'general' | 'game' | 'guild' | 'account';

export interface PageDefinition {
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

export interface ResolvedPage {
  /** The matching key of `pages`, null when no row matches. */
  pattern: string | null;
  params: Record<string, string>;
  title: string | null;
  stackType: StackType;
  /** `parent` with the parameters filled in. */
  parentPath: string | null;
  layout: LayoutName;
  visitorAllowed: boolean;
  pageType: PageType;
}

const guild = { title: 'ギルド', pageType: 'guild' } as const;
const register = { title: '新規登録', visitorAllowed: false, pageType: 'account' } as const;
const resetPassword = { title: 'パスワード再設定', visitorAllowed: true, pageType: 'account' } as const;
const roundTitle = 'ラウンド {round}';
const roundPage = '/schedule/round/$round';
const draftPage = '/schedule/round/$round/draft/$draft';

export const pages = {
  '/': { title: null, stackType: 'unset', layout: 'landing', visitorAllowed: true },
  '/coming-soon': { title: null, stackType: 'unset', layout: 'simple', visitorAllowed: true },
  '/password': { title: 'パスワード', stackType: 'dynamic', parent: '/', visitorAllowed: true },
  '/contact': { title: 'お問い合わせ', stackType: 'dynamic', parent: '/', visitorAllowed: true },
  '/contact/confirm': {
    title: 'お問い合わせ',
    stackType: 'static',
    parent: '/contact',
    visitorAllowed: true,
  },
  '/contact/complete': { title: 'お問い合わせ', stackType: 'static', parent: '/', visitorAllowed: true },
  '/faq': { title: 'よくある質問', stackType: 'dynamic', parent: '/', visitorAllowed: true },
  '/howto': { title: '遊び方', stackType: 'dynamic', parent: '/', visitorAllowed: true },
  '/login': {
    title: 'ログイン',
    stackType: 'dynamic',
    parent: '/',
    visitorAllowed: true,
    pageType: 'account',
  },
  '/login/$provider/callback': { title: null, stackType: 'unset', layout: 'simple', visitorAllowed: true },
  '/logout': { title: null, stackType: 'unset', layout: 'simple', visitorAllowed: true },
  '/privacy-policy': {
    title: 'プライバシーポリシー',
    stackType: 'dynamic',
    parent: '/',
    visitorAllowed: true,
  },
  '/terms': { title: '利用規約', stackType: 'dynamic', parent: '/', visitorAllowed: true },
  '/topics': { title: 'トピックス', stackType: 'dynamic', parent: '/', visitorAllowed: true },
  '/about/company': { title: '運営会社', stackType: 'dynamic', parent: '/', visitorAllowed: true },
  '/gametop': {
    title: 'ゲームトップ',
    stackType: 'static',
    parent: '/',
    visitorAllowed: true,
    pageType: 'game',
  },
  '/campaign/gdo_2023': {
    title: 'キャンペーン',
    stackType: 'unset',
    layout: 'header-only',
    visitorAllowed: true,
  },

  '/guild': { ...guild, stackType: 'static', parent: '/' },
  '/guild/list': { ...guild, stackType: 'static', parent: '/guild' },
  '/guild/create': { ...guild, stackType: 'static', parent: '/guild' },
  '/guild/create/confirm': { ...guild, stackType: 'static', parent: '/guild/create' },
  '/guild/create/complete': { ...guild, stackType: 'static', parent: '/guild' },
  '/guild/code': { ...guild, stackType: 'static', parent: '/guild' },
  '/guild/code/$id/complete': { ...guild, stackType: 'static', parent: '/guild' },
  '/guild/entry/complete': { ...guild, stackType: 'static', parent: '/guild' },
  '/guild/withdrawal/complete': { ...guild, stackType: 'static', parent: '/guild' },
  '/guild/$id/show': { ...guild, stackType: 'dynamic', parent: '/guild' },
  '/guild/$id/chat': { ...guild, stackType: 'static', parent: '/guild/$id/show', layout: 'chat' },
  '/guild/$id/edit': { ...guild, stackType: 'static', parent: '/guild/$id/show' },
  '/guild/$id/member': { ...guild, stackType: 'static', parent: '/guild/$id/show' },
  '/guild/$id/profile/edit': { ...guild, stackType: 'static', parent: '/guild/$id/show' },

  '/mypage': { title: 'マイページ', stackType: 'static', parent: '/', pageType: 'account' },
  '/mypage/profile/edit': { title: 'プロフィール編集', stackType: 'static', parent: '/mypage' },
  '/mypage/prize/email_send': { title: 'マイページ', stackType: 'static', parent: '/mypage' },
  '/mypage/prize/$id': { title: 'マイページ', stackType: 'static', parent: '/mypage' },
  '/mypage/prize/$id/confirm': { title: 'マイページ', stackType: 'static', parent: '/mypage/prize/$id' },

  '/prize': { title: '賞品一覧', stackType: 'dynamic', parent: '/', visitorAllowed: true },
  '/prize/entry/$id': { title: '賞品一覧', stackType: 'static', parent: '/prize', visitorAllowed: true },
  '/prize/game/$id': { title: '賞品一覧', stackType: 'static', parent: '/prize', visitorAllowed: true },
  '/prize/yearly/$id': { title: '賞品一覧', stackType: 'static', parent: '/prize', visitorAllowed: true },

  '/quiz': { title: 'ゴルフクイズ', stackType: 'dynamic', parent: '/' },
  '/quiz/start': { title: null, stackType: 'unset', layout: 'header-only' },
  '/quiz/result': { title: 'ゴルフクイズ', stackType: 'static', parent: '/quiz' },

  '/register': { ...register, stackType: 'dynamic', parent: '/', visitorAllowed: true },
  '/register/mail': { ...register, stackType: 'unset' },
  '/register/mail/send': { ...register, stackType: 'static', parent: '/register/mail' },
  '/register/mail/complete': { ...register, stackType: 'unset', visitorAllowed: true },
  '/register/send': { ...register, stackType: 'static', parent: '/register', visitorAllowed: true },
  '/register/terms': { ...register, stackType: 'unset' },
  '/register/verify': { ...register, stackType: 'unset', visitorAllowed: true },
  '/register/necessary': { ...register, stackType: 'unset' },
  '/register/confirm': { ...register, stackType: 'static', parent: '/register/necessary' },
  '/register/complete': { ...register, stackType: 'unset' },

  '/reset-password': { ...resetPassword, stackType: 'static', parent: '/login' },
  '/reset-password/mail': { ...resetPassword, stackType: 'static', parent: '/reset-password' },
  '/reset-password/send': { ...resetPassword, stackType: 'static', parent: '/reset-password' },
  '/reset-password/complete': { ...resetPassword, stackType: 'unset' },

  '/withdrawal': { title: '退会', stackType: 'dynamic', parent: '/mypage', pageType: 'account' },
  // The one-click unsubscribe of a reminder: opened from a mail or LINE, signed in or not.
  '/reminders/unsubscribe/$token': {
    title: 'お知らせの配信停止',
    stackType: 'static',
    parent: '/mypage',
    visitorAllowed: true,
    pageType: 'account',
  },
  '/withdrawal/complete': { title: '退会', stackType: 'unset', visitorAllowed: true, pageType: 'account' },
  // The operator console: the API answers 403 to everyone outside the operators group (404 page).
  '/ops': { title: '運営コンソール', stackType: 'unset' },
  '/ops/results': { title: '結果の取り込み', stackType: 'static', parent: '/ops' },
  '/ops/rounds': { title: 'ラウンドの操作', stackType: 'static', parent: '/ops' },
  '/ops/prizes': { title: '賞品の抽選', stackType: 'static', parent: '/ops' },
  '/ops/content': { title: 'お知らせ・クイズ・出力', stackType: 'static', parent: '/ops' },

  '/ranking/golf_q': { title: 'クイズランキング', stackType: 'dynamic', parent: '/' },
  '/ranking/golf/personal': { title: 'ランキング', stackType: 'dynamic', parent: '/' },
  '/ranking/guild': { title: 'ギルドランキング', stackType: 'dynamic', parent: '/' },
  '/ranking/yearly': { title: '年間ランキング', stackType: 'dynamic', parent: '/' },

  '/schedule/score': {
    title: 'リーダーボード',
    stackType: 'dynamic',
    parent: '/gametop',
    visitorAllowed: true,
    pageType: 'game',
  },
  [roundPage]: { title: roundTitle, stackType: 'static', parent: '/gametop', pageType: 'game' },
  [`${roundPage}/about-mode`]: {
    title: roundTitle,
    stackType: 'static',
    parent: roundPage,
    pageType: 'game',
  },
  [`${roundPage}/draft/auto/$type`]: {
    title: 'AIセレクトモード',
    stackType: 'static',
    parent: roundPage,
    pageType: 'game',
  },
  [`${draftPage}/advanced`]: { title: roundTitle, stackType: 'static', parent: roundPage, pageType: 'game' },
  [`${draftPage}/advanced/$player`]: {
    title: roundTitle,
    stackType: 'dynamic',
    parent: `${draftPage}/advanced`,
    pageType: 'game',
  },
  [`${draftPage}/easy`]: { title: roundTitle, stackType: 'static', parent: roundPage, pageType: 'game' },
  [`${draftPage}/easy/compare`]: {
    title: roundTitle,
    stackType: 'static',
    parent: `${draftPage}/easy`,
    pageType: 'game',
  },
  [`${draftPage}/easy/indicator`]: {
    title: 'レーダーチャート',
    stackType: 'static',
    parent: `${draftPage}/easy`,
    pageType: 'game',
  },
  [`${draftPage}/easy/$player`]: {
    title: roundTitle,
    stackType: 'dynamic',
    parent: `${draftPage}/easy`,
    pageType: 'game',
  },

  '/settings/mail': {
    title: 'メールアドレス変更',
    stackType: 'static',
    parent: '/mypage',
    pageType: 'account',
  },
  '/settings/mail/send': {
    title: 'メールアドレス変更',
    stackType: 'static',
    parent: '/settings/mail',
    pageType: 'account',
  },
  '/settings/mail/change': {
    title: 'メールアドレス変更',
    stackType: 'unset',
    visitorAllowed: true,
    pageType: 'account',
  },
  '/settings/password': {
    title: 'パスワード変更',
    stackType: 'static',
    parent: '/mypage',
    pageType: 'account',
  },
  '/settings/password/complete': { title: 'パスワード変更', stackType: 'unset', pageType: 'account' },
} satisfies Record<string, PageDefinition>;

/** Paths under these prefixes keep the footer but hide its navigation (account flows). */
const footerNavHiddenPrefixes = ['/reset-password', '/register', '/login'] as const;

export function isFooterNavHidden(pathname: string): boolean {
  return footerNavHiddenPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

const defaults = { layout: 'default', visitorAllowed: false, pageType: 'general' } as const;

const notFound: Omit<ResolvedPage, 'params'> = {
  pattern: null,
  title: null,
  stackType: 'unset',
  parentPath: null,
  ...defaults,
};

interface CompiledPattern {
  pattern: string;
  segments: string[];
  /** Literal segments count: the more, the more specific (`/mypage/prize/email_send` beats `$id`). */
  literals: number;
  definition: PageDefinition;
}

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

const compiled: CompiledPattern[] = Object.entries(pages as Record<string, PageDefinition>)
  .map(([pattern, definition]) => {
    const segments = splitPath(pattern);
    return {
      pattern,
      segments,
      literals: segments.filter((segment) => !segment.startsWith('$')).length,
      definition,
    };
  })
  .sort((a, b) => b.literals - a.literals);

function fill(template: string, params: Record<string, string>): string {
  return template
    .replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole)
    .replace(/\$(\w+)/g, (whole, name: string) =>
      params[name] === undefined ? whole : encodeURIComponent(params[name]),
    );
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The row of `pages` for a location pathname, with defaults applied and parameters filled in. */
export function resolvePage(pathname: string): ResolvedPage {
  const actual = splitPath(pathname);
  for (const candidate of compiled) {
    if (candidate.segments.length !== actual.length) continue;
    const params: Record<string, string> = {};
    const matches = candidate.segments.every((segment, index) => {
      const value = actual[index]!;
      if (segment.startsWith('$')) {
        params[segment.slice(1)] = decodeSegment(value);
        return true;
      }
      return segment === value;
    });
    if (!matches) continue;
    const { definition } = candidate;
    return {
      pattern: candidate.pattern,
      params,
      title: definition.title === null ? null : fill(definition.title, params),
      stackType: definition.stackType,
      parentPath: definition.parent === undefined ? null : fill(definition.parent, params),
      layout: definition.layout ?? defaults.layout,
      visitorAllowed: definition.visitorAllowed ?? defaults.visitorAllowed,
      pageType: definition.pageType ?? defaults.pageType,
    };
  }
  return { ...notFound, params: {} };
}

/** Whether a visitor (not logged in) may open the path; unknown paths are left to the 404 page. */
export function isVisitorAllowed(pathname: string): boolean {
  const page = resolvePage(pathname);
  return page.pattern === null || page.visitorAllowed;
}
