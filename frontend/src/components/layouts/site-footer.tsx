import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import {
  footerNavEntries,
  operatorName,
  photoCredit,
  registerEntry,
  scrollTopThresholdPx,
} from '@/config/site';
import { useAuth } from '@/lib/auth';
import { AppLink } from '../ui/app-link';
import { Icon } from '../ui/icon';

const legalLinks = [
  { href: '/terms', label: '利用規約' },
  { href: '/privacy-policy', label: 'プライバシーポリシー' },
  { href: '/about/company', label: '運営会社' },
  { href: '/contact', label: 'お問い合わせ' },
] as const;

function isCurrent(href: string, pathname: string): boolean {
  return href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
}

function FooterNav() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <nav className="footer-nav" aria-label="フッターナビゲーション">
      <ul className="footer-nav__list">
        {footerNavEntries.map((entry) => {
          const current = isCurrent(entry.href, pathname);
          return (
            <li key={entry.href}>
              <AppLink
                href={entry.href}
                className="footer-nav__link"
                aria-current={current ? 'page' : undefined}
              >
                <Icon name={entry.icon} size={22} />
                <span>{entry.label}</span>
              </AppLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Whether two boxes on the screen overlap. */
const overlaps = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

function ScrollTopButton() {
  const [isShown, setShown] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Out of the way of a form's submit button that scrolls under it, so the submit stays tappable.
    const coversSubmit = () => {
      const own = button.current?.getBoundingClientRect();
      if (!own) return false;
      return [...document.querySelectorAll('form button[type="submit"]')].some((submit) =>
        overlaps(own, submit.getBoundingClientRect()),
      );
    };
    const onScroll = () => setShown(window.scrollY > scrollTopThresholdPx && !coversSubmit());
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, []);
  return (
    <button
      ref={button}
      type="button"
      className="scroll-top"
      data-shown={isShown}
      aria-label="ページの先頭へ戻る"
      tabIndex={isShown ? 0 : -1}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <Icon name="up" size={22} />
    </button>
  );
}

/**
 * The footer: register invitation for visitors, legal links, copyright and photo credit; the fixed
 * navigation bar (hidden in the account flows); the scroll-to-top button for logged-in players.
 */
export function SiteFooter({ showNav }: { showNav: boolean }) {
  const { isAuthenticated } = useAuth();
  return (
    <>
      <footer className="site-footer">
        {!isAuthenticated && showNav && (
          <div className="footer-register">
            <p className="footer-register__lead">登録無料・1分でスタート</p>
            <p className="footer-register__text">4人のプロを選んで、あなたのドリームチームで賞品を狙おう。</p>
            <AppLink href={registerEntry.href} className="button button--gold button--block">
              {registerEntry.label}
            </AppLink>
          </div>
        )}
        <ul className="footer-links">
          {legalLinks.map((link) => (
            <li key={link.href}>
              <AppLink href={link.href}>{link.label}</AppLink>
            </li>
          ))}
        </ul>
        <p className="footer-copyright">
          © {new Date().getFullYear()} {operatorName}
        </p>
        <p className="footer-credit">{photoCredit}</p>
      </footer>
      {showNav && <FooterNav />}
      {isAuthenticated && <ScrollTopButton />}
    </>
  );
}
