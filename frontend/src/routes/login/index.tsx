import { createFileRoute } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { loginBodySchema } from '@golf/shared/schemas/account';
import { AppLink } from '../../components/ui/app-link';
import {
  controlProps,
  EmailField,
  Field,
  fieldErrorsOf,
  type FieldErrors,
} from '../../components/ui/form-field';
import { safeReturnPath } from '../../config/guards';
import { loginErrorMessage, useLogin } from '../../features/account/login';
import { SocialButtons } from '../../features/account/social-buttons';
import { isApiError } from '../../lib/api-client';
import { optionalText, pageSearch } from '../../lib/search-params';

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = loginBodySchema.safeParse(form);
    const found = checked.success ? {} : fieldErrorsOf(checked.error.issues);
    setErrors(found);
    if (!checked.success) return;
    login.mutate(checked.data, {
      onSuccess: () => {
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
