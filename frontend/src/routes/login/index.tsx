import { createFileRoute } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { loginBodySchema } from '@golf/shared/schemas/account';
import { AppLink } from '@/components/ui/app-link';
import { controlProps, EmailField, Field, fieldErrorsOf, type FieldErrors } from '@/components/ui/form-field';
import { safeReturnPath } from '@/config/guards';
import { TotpCodeField } from '@/features/account/components/totp-parts';
import { loginErrorMessage, useLogin, useTotpSignIn } from '@/features/account/login';
import { SocialButtons } from '@/features/account/social-buttons';
import { isApiError } from '@/lib/api-client';
import { optionalText, pageSearch } from '@/lib/search-params';

const searchSchema = pageSearch({
  to: optionalText(),
  token: optionalText(),
});

const invalidTokenMessage = 'ログインの有効期限が切れました。もう一度ログインしてください。';

export const Route = createFileRoute('/login/')({
  staticData: {
    page: { title: 'ログイン', stackType: 'dynamic', parent: '/', visitorAllowed: true, pageType: 'account' },
  },
  validateSearch: searchSchema,
  component: LoginPage,
});

function LoginPage() {
  const { to, token } = Route.useSearch();
  const login = useLogin();
  const [form, setForm] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  // The password was right and the account asks for its authenticator app's code.
  const [challenge, setChallenge] = useState<string | null>(null);

  if (challenge)
    return (
      <div className="page-body">
        <TotpStep email={form.email} challenge={challenge} to={to} onRestart={() => setChallenge(null)} />
      </div>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = loginBodySchema.safeParse(form);
    const found = checked.success ? {} : fieldErrorsOf(checked.error.issues);
    setErrors(found);
    if (!checked.success) return;
    login.mutate(checked.data, {
      onSuccess: (outcome) => {
        if (!outcome.signedIn) return setChallenge(outcome.challenge);
        // An operator without the authenticator app sets it up first (the console asks for it).
        if (outcome.setup)
          return window.location.assign(`/ops/totp?to=${encodeURIComponent(safeReturnPath(to))}`);
        // A full-path target (with its query) from the guard: navigate by href so it stays whole.
        window.location.assign(safeReturnPath(to));
      },
      onError: (error) => {
        if (isApiError(error) && error.errors) setErrors(error.errors);
      },
    });
  };

  return (
    <div className="page-body">
      {token === 'invalid' && (
        <p className="notice" role="status" data-testid="login-token-invalid">
          {invalidTokenMessage}
        </p>
      )}
      <form className="card form" onSubmit={submit} noValidate aria-label="メールアドレスでログイン">
        <h2 className="card-title">メールアドレスでログイン</h2>
        {login.isError && (
          <div className="game-error" role="alert" data-testid="login-error">
            <p>{loginErrorMessage(login.error)}</p>
          </div>
        )}
        <EmailField
          value={form.email}
          onChange={(email) => setForm({ ...form, email })}
          errors={errors['email']}
        />
        <Field label="パスワード" required errors={errors['password']}>
          {(control) => (
            <input
              {...controlProps(control)}
              className="form-control"
              type="password"
              autoComplete="current-password"
              value={form.password}
              onChange={(event) => setForm({ ...form, password: event.target.value })}
            />
          )}
        </Field>
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={login.isPending}
          aria-busy={login.isPending}
        >
          {login.isPending ? 'ログイン中…' : 'ログイン'}
        </button>
        <AppLink href="/reset-password" className="text-link">
          パスワードをお忘れの方
        </AppLink>
      </form>
      <SocialButtons to={safeReturnPath(to)} />
      <section className="card">
        <h2 className="card-title">はじめての方</h2>
        <AppLink href="/register" className="button button--gold button--block">
          新規登録
        </AppLink>
      </section>
    </div>
  );
}

/** The second step of a sign-in with an authenticator app: its 6-digit code. */
function TotpStep(props: {
  email: string;
  challenge: string;
  to: string | undefined;
  onRestart: () => void;
}) {
  const signIn = useTotpSignIn();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== 6)
      return setErrors({ code: ['認証アプリに表示された6桁の数字を入力してください。'] });
    setErrors({});
    signIn.mutate(
      { email: props.email, challenge: props.challenge, code },
      {
        onSuccess: () => window.location.assign(safeReturnPath(props.to)),
        onError: (error) => {
          if (isApiError(error) && error.errors) setErrors(error.errors);
        },
      },
    );
  };

  return (
    <form className="card form" onSubmit={submit} noValidate aria-label="認証アプリのコードを入力">
      <h2 className="card-title">認証アプリのコードを入力</h2>
      <p className="muted">
        このアカウントは二段階認証を使っています。スマートフォンの認証アプリに表示されている6桁のコードを入力してください。
      </p>
      {signIn.isError && !(isApiError(signIn.error) && signIn.error.errors) && (
        <div className="game-error" role="alert">
          <p>{loginErrorMessage(signIn.error)}</p>
        </div>
      )}
      <TotpCodeField value={code} onChange={setCode} errors={errors['code']} />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={signIn.isPending}
        aria-busy={signIn.isPending}
      >
        {signIn.isPending ? '確認中…' : 'ログイン'}
      </button>
      <button type="button" className="text-link" onClick={props.onRestart}>
        メールアドレスとパスワードの入力に戻る
      </button>
    </form>
  );
}
