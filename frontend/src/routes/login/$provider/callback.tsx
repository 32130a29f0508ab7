import { createFileRoute, notFound } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { socialProviderInfo } from '@golf/shared/schemas/social';
import { isSocialProvider, type SocialProvider } from '@golf/shared/schemas/values/social';
import { AppLink } from '@/components/ui/app-link';
import { safeReturnPath } from '@/config/guards';
import { exchangeSocialCode, takeAttempt } from '@/features/account/social-sign-in';
import { isApiError } from '@/lib/api-client';
import { setAuth } from '@/lib/auth';
import { optionalText, pageSearch } from '@/lib/search-params';

const searchSchema = pageSearch({
  code: optionalText(),
  state: optionalText(),
  error: optionalText(),
});

export const Route = createFileRoute('/login/$provider/callback')({
  staticData: { page: { title: null, stackType: 'unset', layout: 'simple', visitorAllowed: true } },
  validateSearch: searchSchema,
  beforeLoad: ({ params }) => {
    if (!isSocialProvider(params.provider)) throw notFound();
  },
  component: CallbackPage,
});

const callbackMessages = {
  denied: 'ログインがキャンセルされました。',
  invalidState: 'ログインの確認に失敗しました。お手数ですが、もう一度ログインしてください。',
  failed: 'ログインに失敗しました。もう一度お試しください。',
};

/** Back from the provider: the state is checked, the code exchanged, the token stored, and on. */
function CallbackPage() {
  const provider = Route.useParams().provider as SocialProvider;
  const { code, state, error } = Route.useSearch();
  const [message, setMessage] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once per page: the state and the code are single-use.
    if (started.current) return;
    started.current = true;
    const attempt = takeAttempt(sessionStorage, state, provider);
    if (error) return setMessage(callbackMessages.denied);
    if (!attempt || !code) return setMessage(callbackMessages.invalidState);
    exchangeSocialCode(provider, code, attempt).then(
      (auth) => {
        setAuth(auth);
        window.location.replace(safeReturnPath(attempt.to));
      },
      (failure: unknown) => setMessage(isApiError(failure) ? failure.message : callbackMessages.failed),
    );
  }, [code, state, error, provider]);

  if (!message) {
    return (
      <p className="muted" role="status" aria-live="polite">
        {socialProviderInfo[provider].label}でログインしています…
      </p>
    );
  }
  return (
    <section className="card complete-card" data-testid="social-callback-error">
      <h1 className="card-title">{socialProviderInfo[provider].label}でログイン</h1>
      <p role="alert">{message}</p>
      <AppLink href="/login" className="button button--primary button--block">
        ログイン画面へ戻る
      </AppLink>
    </section>
  );
}
