import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { loginEntry, logoutEntry, menuEntries, siteName } from '@/config/site';
import { useAuth } from '@/lib/auth';
import { AppLink } from '../ui/app-link';
import { Icon } from '../ui/icon';

export function Logo() {
  return (
    <Link to="/" className="logo" aria-label={`${siteName} ホーム`}>
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true">
        <circle cx="16" cy="16" r="15" fill="currentColor" opacity="0.18" />
        <path d="M12 24V7" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
        <path d="M13 7.5l9 3.5-9 3.5z" fill="#e6bf4f" />
        <ellipse cx="12" cy="24.5" rx="5" ry="1.6" fill="#fff" opacity="0.7" />
      </svg>
      <span className="logo__text">
        ゴルフ<span className="logo__accent">ドリームチーム</span>
      </span>
    </Link>
  );
}

/** Logo, the login button for visitors, and the slide-out menu. */
export function SiteHeader() {
  const { isAuthenticated } = useAuth();
  const [isOpen, setOpen] = useState(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  // A page change closes the menu (the link inside it was followed).
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!isOpen) return;
    closeRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    window.addEventListener('keydown', onKeyDown);
    return () => {
      document.body.style.overflow = overflow;
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };
  const entries = [...menuEntries, isAuthenticated ? logoutEntry : loginEntry];

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Logo />
        <div className="site-header__actions">
          {!isAuthenticated && (
            <AppLink href={loginEntry.href} className="button button--gold button--small">
              ログイン・登録
            </AppLink>
          )}
          <button
            ref={toggleRef}
            type="button"
            className="icon-button"
            aria-label="メニュー"
            aria-expanded={isOpen}
            aria-controls="site-menu"
            onClick={() => setOpen((open) => !open)}
          >
            <Icon name="menu" size={24} />
          </button>
        </div>
      </div>
      <div className="site-menu__backdrop" data-open={isOpen} onClick={close} aria-hidden="true" />
      <nav id="site-menu" className="site-menu" data-open={isOpen} aria-label="メニュー" inert={!isOpen}>
        <div className="site-menu__head">
          <span className="site-menu__title">メニュー</span>
          <button
            ref={closeRef}
            type="button"
            className="icon-button"
            aria-label="メニューを閉じる"
            onClick={close}
          >
            <Icon name="close" size={22} />
          </button>
        </div>
        <ul className="site-menu__list">
          {entries.map((entry) => (
            <li key={entry.href}>
              <AppLink href={entry.href} className="site-menu__link" onClick={() => setOpen(false)}>
                <span>{entry.label}</span>
                <Icon name="next" size={16} />
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
