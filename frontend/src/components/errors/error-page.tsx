import { Link } from '@tanstack/react-router';
import { useLayoutEffect } from 'react';
import { backNavigation } from '@/lib/back-navigation';
import { errorPageMessage, resetsBackNavigation } from './error-status';

function ErrorIllustration({ status }: { status: number }) {
  return (
    <svg className="error-page__art" viewBox="0 0 200 120" aria-hidden="true">
      <ellipse cx="100" cy="104" rx="86" ry="12" fill="#dcebe2" />
      <path d="M20 104c24-22 136-22 160 0" fill="#c9e0d2" />
      <ellipse cx="128" cy="96" rx="22" ry="6" fill="#e9dcb4" />
      <path d="M70 100V30" stroke="#2a3a32" strokeWidth="3" strokeLinecap="round" />
      <path d="M71.5 31l30 11-30 11z" fill={status === 404 ? '#d4a72c' : '#c8442f'} />
      <circle cx="124" cy="90" r="7" fill="#fff" stroke="#b8c4bd" strokeWidth="1.5" />
    </svg>
  );
}

/**
 * 404: the page is not there. 503: congested, retry later. Anything else: data being updated.
 * No title bar shows above it; 500 and 503 also start the back navigation over.
 */
export function ErrorPage({ status, onRetry }: { status: number; onRetry?: () => void }) {
  useLayoutEffect(() => {
    if (resetsBackNavigation(status)) backNavigation.reset();
    backNavigation.setErrorPageShown(true);
    return () => backNavigation.setErrorPageShown(false);
  }, [status]);

  return (
    <section className="error-page" data-status={status} aria-labelledby="error-page-message">
      <ErrorIllustration status={status} />
      {status > 0 && <p className="error-page__code">{status}</p>}
      <p id="error-page-message" className="error-page__message">
        {errorPageMessage(status)}
      </p>
      <div className="error-page__actions">
        <Link to="/" className="button button--primary button--block">
          ホームへ戻る
        </Link>
        {onRetry && status !== 404 && (
          <button type="button" className="button button--outline button--block" onClick={onRetry}>
            再読み込み
          </button>
        )}
      </div>
    </section>
  );
}
