import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { passwordChangeBodySchema } from '@golf/shared/schemas/account';
import { AppLink } from '@/components/ui/app-link';
import { fieldErrorsOf, type FieldErrors } from '@/components/ui/form-field';
import { PageSkeleton } from '@/components/ui/skeleton';
import { useChangePassword, userEmailQueryOptions } from '@/features/account/api/account-calls';
import {
  apiFieldErrors,
  FormError,
  NewPasswordFields,
  PasswordField,
} from '@/features/account/components/account-parts';

export const Route = createFileRoute('/settings/password/')({
  staticData: {
    page: { title: 'パスワード変更', stackType: 'static', parent: '/mypage', pageType: 'account' },
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(userEmailQueryOptions()),
  pendingComponent: () => <PageSkeleton cards={1} lines={5} />,
  component: SettingsPasswordPage,
});

function SettingsPasswordPage() {
  const navigate = useNavigate();
  const account = useSuspenseQuery(userEmailQueryOptions()).data;
  const change = useChangePassword();
  const [form, setForm] = useState({ current_password: '', password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  if (!account.has_password)
    return (
      <div className="page-body">
        <section className="card">
          <h2 className="card-title">パスワードは設定されていません</h2>
          <p>
            ソーシャルログインでご登録のアカウントです。パスワードでもログインしたい場合は、パスワードの再設定から設定できます。
          </p>
          <AppLink href="/reset-password/mail" className="button button--primary button--block">
            パスワードを設定する
          </AppLink>
        </section>
      </div>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = passwordChangeBodySchema.safeParse(form);
    setErrors(checked.success ? {} : fieldErrorsOf(checked.error.issues));
    if (!checked.success) return;
    change.mutate(checked.data, {
      onSuccess: () => void navigate({ to: '/settings/password/complete', replace: true }),
      onError: (error) => setErrors(apiFieldErrors(error)),
    });
  };
  return (
    <div className="page-body">
      <form className="card form" onSubmit={submit} noValidate aria-label="パスワードの変更">
        <FormError error={change.error} />
        <PasswordField
          label="現在のパスワード"
          autoComplete="current-password"
          value={form.current_password}
          onChange={(current_password) => setForm({ ...form, current_password })}
          errors={errors['current_password']}
        />
        <NewPasswordFields
          label="新しいパスワード"
          value={form}
          onChange={(passwords) => setForm({ ...form, ...passwords })}
          errors={errors}
        />
        <button type="submit" className="button button--primary button--block" disabled={change.isPending}>
          {change.isPending ? '送信中…' : 'パスワードを変更する'}
        </button>
        <AppLink href="/reset-password/mail" className="text-link">
          現在のパスワードをお忘れの方
        </AppLink>
      </form>
    </div>
  );
}
