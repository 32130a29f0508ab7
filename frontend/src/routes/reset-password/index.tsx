import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { passwordResetBodySchema } from '@golf/shared/schemas/account';
import { AppLink } from '@/components/ui/app-link';
import { SkeletonCard } from '@/components/ui/skeleton';
import { fieldErrorsOf, type FieldErrors } from '@/components/ui/form-field';
import { useResetLinkCheck, useResetPassword } from '@/features/account/api/account-calls';
import {
  apiFieldErrors,
  LinkErrorCard,
  NewPasswordFields,
} from '@/features/account/components/account-parts';
import { optionalText, pageSearch } from '@/lib/search-params';

export const Route = createFileRoute('/reset-password/')({
  staticData: {
    page: {
      title: 'パスワード再設定',
      stackType: 'static',
      parent: '/login',
      visitorAllowed: true,
      pageType: 'account',
    },
  },
  validateSearch: pageSearch({ token: optionalText(200) }),
  component: ResetPasswordPage,
});

/**
 * Without a token: how a reset works. With the mailed link's token: the link is checked first, and
 * the new password asked only of a link that still works.
 */
function ResetPasswordPage() {
  const { token } = Route.useSearch();
  const navigate = useNavigate();
  const check = useResetLinkCheck(token);
  const reset = useResetPassword();
  const [form, setForm] = useState({ password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const retry = { href: '/reset-password/mail', label: '再設定のメールをもう一度送る' } as const;

  if (!token)
    return (
      <div className="page-body">
        <section className="card">
          <h2 className="card-title">パスワードをお忘れの方</h2>
          <p>
            ご登録のメールアドレスに、パスワード再設定のリンクをお送りします。リンクを開いて、新しいパスワードを設定してください。
          </p>
          <AppLink href="/reset-password/mail" className="button button--primary button--block">
            メールアドレスを入力する
          </AppLink>
        </section>
      </div>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = passwordResetBodySchema.safeParse({ token, ...form });
    setErrors(checked.success ? {} : fieldErrorsOf(checked.error.issues));
    if (!checked.success) return;
    reset.mutate(checked.data, {
      onSuccess: () => void navigate({ to: '/reset-password/complete', replace: true }),
      onError: (error) => setErrors(apiFieldErrors(error)),
    });
  };
  if (check.isError)
    return (
      <div className="page-body">
        <LinkErrorCard error={check.error} retry={retry} />
      </div>
    );
  if (check.isPending)
    return (
      <div className="page-body page-body--pending" role="status" aria-label="リンクを確認しています">
        <SkeletonCard lines={3} />
      </div>
    );
  if (errors['token'] || (reset.isError && !Object.keys(apiFieldErrors(reset.error)).length))
    return (
      <div className="page-body">
        <LinkErrorCard error={reset.error} retry={retry} />
      </div>
    );
  return (
    <div className="page-body">
      <form className="card form" onSubmit={submit} noValidate aria-label="パスワードの再設定">
        <h2 className="card-title">新しいパスワードを設定してください</h2>
        <NewPasswordFields label="新しいパスワード" value={form} onChange={setForm} errors={errors} />
        <button type="submit" className="button button--primary button--block" disabled={reset.isPending}>
          {reset.isPending ? '送信中…' : 'パスワードを再設定する'}
        </button>
      </form>
    </div>
  );
}
