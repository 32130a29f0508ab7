import type { LayoutProps } from './layout-props';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Header, full-bleed page without a title bar, footer: the top page. */
export function LandingLayout({ children }: LayoutProps) {
  return (
    <div className="shell" data-layout="landing" data-footer-nav="true">
      <SiteHeader />
      <main id="main" className="shell__main shell__main--bleed">
        {children}
      </main>
      <SiteFooter showNav />
    </div>
  );
}
