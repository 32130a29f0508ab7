/** Names and navigation of the site shell. Paths are the spec's, each a route (`AppHref`). */
import type { AppHref } from '@/lib/app-href';
export { operatorName, siteName } from '@golf/shared/site';
export const photoCredit = '写真提供：ゴルフダイジェスト・オンライン';

export interface NavEntry {
  href: AppHref;
  label: string;
}

/** The slide-out menu, in this order; the login or logout entry follows. */
export const menuEntries: readonly NavEntry[] = [
  { href: '/howto', label: '遊び方' },
  { href: '/ranking/golf/personal', label: 'ランキング' },
  { href: '/ranking/guild', label: 'ギルドランキング' },
  { href: '/ranking/yearly', label: '年間ランキング' },
  { href: '/ranking/golf_q', label: 'クイズランキング' },
  { href: '/faq', label: 'よくある質問' },
  { href: '/privacy-policy', label: 'プライバシーポリシー' },
  { href: '/contact', label: 'お問い合わせ' },
  { href: '/withdrawal', label: '退会' },
  { href: '/terms', label: '利用規約' },
  { href: '/about/company', label: '運営会社' },
];
export const loginEntry: NavEntry = { href: '/login', label: 'ログイン' };
export const logoutEntry: NavEntry = { href: '/logout', label: 'ログアウト' };
export const registerEntry: NavEntry = { href: '/register', label: '新規登録' };

export type FooterIcon = 'home' | 'user' | 'guild' | 'ranking' | 'prize';

export const footerNavEntries: ReadonlyArray<NavEntry & { icon: FooterIcon }> = [
  { href: '/', label: 'ホーム', icon: 'home' },
  { href: '/mypage', label: 'マイページ', icon: 'user' },
  { href: '/guild', label: 'ギルド', icon: 'guild' },
  { href: '/ranking/golf/personal', label: '個人ランキング', icon: 'ranking' },
  { href: '/prize', label: '賞品一覧', icon: 'prize' },
];

/** Scrolling further than this shows the scroll-to-top button (logged-in players). */
export const scrollTopThresholdPx = 100;
