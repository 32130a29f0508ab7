import { isFooterNavHidden } from '@/config/pages';
import type { LayoutProps } from './layout-props';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { TitleBar } from './title-bar';

/** Header, title bar, page, footer (its navigation hidden in the login, register and reset flows). */
export function DefaultLayout({ page, pathname, children }: LayoutProps) {
  const showNav = !isFooterNavHidden(pathname);
  return (
    <div className="shell" data-layout="default" data-footer-nav={showNav}>
      <SiteHeader />
      <TitleBar page={page} pathname={pathname} />
      <main id="main" className="shell__main">
        {children}
      </main>
      <SiteFooter showNav={showNav} />
    </div>
  );
}
