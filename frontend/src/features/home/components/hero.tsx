import { AppLink } from '@/components/ui/app-link';
import { registerEntry } from '@/config/site';

function CourseIllustration() {
  return (
    <svg className="hero__art" viewBox="0 0 375 180" preserveAspectRatio="xMidYMax slice" aria-hidden="true">
      <defs>
        <linearGradient id="hero-fairway" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#2f9a63" />
          <stop offset="1" stopColor="#1c7a4b" />
        </linearGradient>
      </defs>
      <path d="M0 120C70 92 140 96 210 112s120 10 165-8v76H0z" fill="#176b42" opacity="0.7" />
      <path d="M0 142c80-28 170-30 250-10 50 12 90 10 125 0v48H0z" fill="url(#hero-fairway)" />
      <ellipse cx="268" cy="140" rx="46" ry="9" fill="#43b174" />
      <ellipse cx="280" cy="140" rx="4.5" ry="1.6" fill="#0b3a24" />
      <path d="M280 140V84" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M281 85l24 9-24 9z" fill="#e6bf4f" />
      <circle cx="214" cy="150" r="3.2" fill="#fff" />
    </svg>
  );
}

/** The top page's opening: what the game is, and the first step. */
export function Hero({ isAuthenticated }: { isAuthenticated: boolean }) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__content">
        <p className="hero__kicker">国内男子ツアー連動 ゴルフ予想ゲーム</p>
        <h1 id="hero-title" className="hero__title">
          4人のプロで、
          <br />
          <span className="hero__accent">最強のドリームチーム</span>を。
        </h1>
        <p className="hero__text">
          ラウンドごとに選手を4人選び、実際のスコアでランキングを競おう。上位には豪華賞品も。
        </p>
        {!isAuthenticated && (
          <div className="hero__actions">
            <AppLink href={registerEntry.href} className="button button--gold">
              無料で新規登録
            </AppLink>
            <AppLink href="/howto" className="button button--ghost">
              遊び方を見る
            </AppLink>
          </div>
        )}
      </div>
      <CourseIllustration />
    </section>
  );
}
