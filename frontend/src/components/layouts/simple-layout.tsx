import { Logo } from './site-header';
import type { LayoutProps } from './layout-props';

/** Just the logo and the page, centred: transitional screens (sign-in callbacks, logout, coming soon). */
export function SimpleLayout({ children }: LayoutProps) {
  return (
    <div className="shell" data-layout="simple">
      <div className="simple-brand">
        <Logo />
      </div>
      <main id="main" className="shell__main shell__main--centered">
        {children}
      </main>
    </div>
  );
}
