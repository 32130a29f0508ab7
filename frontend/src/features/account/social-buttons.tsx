import { useState } from 'react';
import { socialProviderInfo, type SocialProvider } from '@golf/shared/schemas/social';
import { enabledSocialProviders } from '@golf/shared/site-config';
import { siteConfig } from '@/config/site-settings';
import { isApiError } from '@/lib/api-client';
import { startSocialSignIn } from './social-sign-in';

/**
 * The buttons of the providers the deployment enables (/site-config.js), on /login and /register;
 * each leaves for that provider's sign-in page. Nothing when it enables none.
 */
export function SocialButtons({ to }: { to: string }) {
  const providers = enabledSocialProviders(siteConfig);
  const [pending, setPending] = useState<SocialProvider | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = (provider: SocialProvider) => {
    setPending(provider);
    setError(null);
    startSocialSignIn(provider, to).catch((failure: unknown) => {
      setPending(null);
      setError(
        isApiError(failure) ? failure.message : 'ログインを開始できませんでした。もう一度お試しください。',
      );
    });
  };
  if (providers.length === 0) return null;
  return (
    <section className="card social-login" aria-labelledby="social-login-title">
      <h2 id="social-login-title" className="card-title">
        SNSアカウントでログイン
      </h2>
      {error && (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      )}
      <div className="social-login__buttons">
        {providers.map((provider) => (
          <button
            key={provider}
            type="button"
            className={`button button--block social-login__button social-login__button--${provider}`}
            disabled={pending !== null}
            aria-busy={pending === provider}
            onClick={() => start(provider)}
          >
            {socialProviderInfo[provider].label}でログイン
          </button>
        ))}
      </div>
    </section>
  );
}
