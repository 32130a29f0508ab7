import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { registerBodySchema } from '@golf/shared/schemas/account';
import { AppLink } from '@/components/ui/app-link';
import { EmailField, fieldErrorsOf, type FieldErrors } from '@/components/ui/form-field';
import { useRegister } from '@/features/account/api/account-calls';
import { apiFieldErrors, FormError, NewPasswordFields } from '@/features/account/components/account-parts';
import { SocialButtons } from '@/features/account/social-buttons';

export const Route = createFileRoute('/register/')({
  staticData: {
    page: { title: '新規登録', stackType: 'dynamic', parent: '/', visitorAllowed: true, pageType: 'account' },
  },
  component: RegisterPage,
});

function RegisterPage() {
  const navigate = useNavigate();
  const register = useRegister();
  const [form, setForm] = useState({ email: '', password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = registerBodySchema.safeParse(form);
    setErrors(checked.success ? {} : fieldErrorsOf(checked.error.issues));
    if (!checked.success) return;
    register.mutate(checked.data, {
      onSuccess: () => void navigate({ to: '/register/send', search: { email: checked.data.email } }),
      onError: (error) => setErrors(apiFieldErrors(error)),
    });
  };

  return (
    <div className="page-body">
      <section className="card register-intro">
        <h2 className="card-title">ゴルフドリームチームに登録する</h2>
        <p className="muted">
          登録は無料です。大会ごとに4人のドリームチームを組んで、ランキングと賞品を目指しましょう。
        </p>
      </section>
      <SocialButtons to="/" />
      <form className="card form" onSubmit={submit} noValidate aria-label="メールアドレスで登録">
        <h2 className="card-title">メールアドレスで登録</h2>
        <FormError error={register.error} />
        <EmailField
          value={form.email}
          onChange={(email) => setForm({ ...form, email })}
          errors={errors['email']}
        />
        <NewPasswordFields
          value={form}
          onChange={(passwords) => setForm({ ...form, ...passwords })}
          errors={errors}
        />
        <p className="form-field__hint">
          登録すると確認メールが届きます。メールのリンクを開いて、
          <AppLink href="/terms" className="text-link">
            利用規約
          </AppLink>
          への同意とプロフィールの入力に進んでください。
        </p>
        <button type="submit" className="button button--primary button--block" disabled={register.isPending}>
          {register.isPending ? '送信中…' : '確認メールを送る'}
        </button>
      </form>
      <section className="card">
        <h2 className="card-title">登録済みの方</h2>
        <AppLink href="/login" className="button button--outline button--block">
          ログイン
        </AppLink>
      </section>
    </div>
  );
}
