import type { LayoutProps } from './layout-props';
import { SiteHeader } from './site-header';

/** Header and page only: screens that must keep the player's attention (the quiz in progress). */
export function HeaderOnlyLayout({ children }: LayoutProps) {
  return (
    <div className="shell" data-layout="header-only">
      <SiteHeader />
      <main id="main" className="shell__main">
        {children}
      </main>
    </div>
  );
}
