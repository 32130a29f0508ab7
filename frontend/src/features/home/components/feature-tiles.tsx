import { AppLink } from '@/components/ui/app-link';
import { Icon, type IconName } from '@/components/ui/icon';
import type { AppHref } from '@/lib/app-href';

const tiles: ReadonlyArray<{ href: AppHref; icon: IconName; title: string; text: string }> = [
  {
    href: '/ranking/golf/personal',
    icon: 'ranking',
    title: 'ランキング',
    text: 'ラウンド・大会ごとの順位をチェック',
  },
  { href: '/quiz', icon: 'quiz', title: 'ゴルフクイズ', text: '毎ラウンド5問。知識で差をつけよう' },
  { href: '/guild', icon: 'guild', title: 'ギルド', text: '仲間と組んでギルドランキングへ' },
  { href: '/prize', icon: 'prize', title: '賞品一覧', text: '大会賞・年間賞・エントリー賞' },
  { href: '/howto', icon: 'book', title: '遊び方', text: 'はじめての方はこちらから' },
  { href: '/topics', icon: 'news', title: 'トピックス', text: '運営からのお知らせ' },
];

/** The other ways to play, two by two. */
export function FeatureTiles() {
  return (
    <ul className="feature-tiles">
      {tiles.map((tile) => (
        <li key={tile.href}>
          <AppLink href={tile.href} className="feature-tile">
            <span className="feature-tile__icon">
              <Icon name={tile.icon} size={22} />
            </span>
            <span className="feature-tile__title">{tile.title}</span>
            <span className="feature-tile__text">{tile.text}</span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
