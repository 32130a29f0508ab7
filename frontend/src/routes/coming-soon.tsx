import { createFileRoute } from '@tanstack/react-router';
import { AppLink } from '@/components/ui/app-link';
import { Icon } from '@/components/ui/icon';

export const Route = createFileRoute('/coming-soon')({
  staticData: { page: { title: null, stackType: 'unset', layout: 'simple', visitorAllowed: true } },
  component: ComingSoonPage,
});

/** Shown for every path off the launch gate's whitelist until the opening. */
function ComingSoonPage() {
  return (
    <section className="card coming-soon" aria-labelledby="coming-soon-title">
      <span className="complete-card__icon" aria-hidden="true">
        <Icon name="flag" size={32} />
      </span>
      <h1 id="coming-soon-title" className="card-title">
        COMING SOON
      </h1>
      <p className="coming-soon__lead">まもなくオープンします。</p>
      <p className="muted">
        4人のプロゴルファーを選んで夢のチームをつくり、実際の大会結果でランキングを競うゴルフ予想ゲームです。オープンまでしばらくお待ちください。
      </p>
      <nav className="coming-soon__links" aria-label="ご案内">
        <AppLink href="/topics" className="text-link">
          トピックス
        </AppLink>
        <AppLink href="/faq" className="text-link">
          よくある質問
        </AppLink>
        <AppLink href="/contact" className="text-link">
          お問い合わせ
        </AppLink>
        <AppLink href="/terms" className="text-link">
          利用規約
        </AppLink>
      </nav>
    </section>
  );
}
