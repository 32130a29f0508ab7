import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import type { FieldErrors } from '@/components/ui/form-field';
import { safeReturnPath } from '@/config/guards';
import { useStartTotpSetup, useVerifyTotpSetup } from '@/features/account/api/account-calls';
import { FormError } from '@/features/account/components/account-parts';
import { OtpauthQrCode, TotpCodeField } from '@/features/account/components/totp-parts';
import { isApiError } from '@/lib/api-client';
import { logout } from '@/lib/auth';
import { optionalText, pageSearch } from '@/lib/search-params';

/**
 * The operator's authenticator app, set up at the first sign-in to the console (the console answers
 * nothing to a session without it): the secret as a QR code and as text, then a code of it. An
 * operator who already has one signed in without its code (a mailed link) is asked to sign in again.
 */
export const Route = createFileRoute('/ops/totp')({
  staticData: { page: { title: '二段階認証の設定', stackType: 'unset' } },
  validateSearch: pageSearch({ to: optionalText() }),
  component: TotpSetupPage,
});

/** The secret in groups of 4, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function TotpSetupPage() {
  const { to } = Route.useSearch();
  const target = safeReturnPath(to ?? '/ops');
  const start = useStartTotpSetup();
  const verify = useVerifyTotpSetup();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const { mutate: startSetup } = start;
  useEffect(() => startSetup(), [startSetup]);

  if (isApiError(start.error) && start.error.code === 'totp_already_enabled')
    return (
      <section className="card">
        <h2 className="card-title">認証アプリのコードでログインしてください</h2>
        <p>{start.error.message}</p>
        <button
          type="button"
          className="button button--primary button--block"
          onClick={() =>
            void logout().then(() => window.location.assign(`/login?to=${encodeURIComponent(target)}`))
          }
        >
          ログアウトしてログインし直す
        </button>
      </section>
    );
  if (start.error) return <FormError error={start.error} />;
  if (!start.data) return <p className="muted">準備しています…</p>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== 6)
      return setErrors({ code: ['認証アプリに表示された6桁の数字を入力してください。'] });
    setErrors({});
    verify.mutate(code, {
      onSuccess: () => window.location.assign(target),
      onError: (error) => setErrors((isApiError(error) && error.errors) || {}),
    });
  };

  return (
    <form className="card form" onSubmit={submit} noValidate aria-label="認証アプリを設定">
      <h2 className="card-title">認証アプリを設定</h2>
      <p>
        運営画面は、パスワードに加えて認証アプリのコードでログインした場合だけ使えます。スマートフォンの認証アプリで次のQRコードを読み取ってください。
      </p>
      <OtpauthQrCode uri={start.data.otpauth_uri} />
      <p>
        読み取れない場合は、アプリに次のキーを手で入力してください（時間ベース、6桁）。
        <br />
        <code data-testid="totp-secret">{grouped(start.data.secret)}</code>
      </p>
      <details>
        <summary>設定用のアドレス</summary>
        <code className="totp-uri">{start.data.otpauth_uri}</code>
      </details>
      <FormError error={verify.error} />
      <TotpCodeField value={code} onChange={setCode} errors={errors['code']} />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={verify.isPending}
        aria-busy={verify.isPending}
      >
        {verify.isPending ? '確認中…' : '設定を完了する'}
      </button>
    </form>
  );
}
