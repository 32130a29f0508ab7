import type { LayoutProps } from './layout-props';
import { SiteHeader } from './site-header';
import { TitleBar } from './title-bar';

/** Header and title bar over a pane that fills the screen (guild chat): no footer to scroll past. */
export function ChatLayout({ page, pathname, children }: LayoutProps) {
  return (
    <div className="shell" data-layout="chat">
      <SiteHeader />
      <TitleBar page={page} pathname={pathname} />
      <main id="main" className="shell__main shell__main--fill">
        {children}
      </main>
    </div>
  );
}
