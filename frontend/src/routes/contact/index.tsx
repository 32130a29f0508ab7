import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { CONTACT_CONTENT_MAX, contactBodySchema, contactTypes } from '@golf/shared/schemas/contact';
import { AppLink } from '@/components/ui/app-link';
import { controlProps, EmailField, Field, fieldErrorsOf, type FieldErrors } from '@/components/ui/form-field';
import { setContactDraft, useContactDraft } from '@/features/contact/contact-draft';
import { useAuth } from '@/lib/auth';

export const Route = createFileRoute('/contact/')({
  staticData: { page: { title: 'お問い合わせ', stackType: 'dynamic', parent: '/', visitorAllowed: true } },
  component: ContactPage,
});

function ContactPage() {
  const navigate = useNavigate();
  const saved = useContactDraft();
  const { authUser } = useAuth();
  const [draft, setDraft] = useState(() => ({ ...saved, email: saved.email || (authUser?.email ?? '') }));
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = contactBodySchema.safeParse(draft);
    const found = checked.success ? {} : fieldErrorsOf(checked.error.issues);
    if (!draft.agreed) found['agreed'] = ['プライバシーポリシーへの同意が必要です。'];
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setContactDraft(draft);
    void navigate({ to: '/contact/confirm' });
  };

  return (
    <div className="page-body">
      <p className="section__lead">
        ゲームやサービスについてのお問い合わせは、こちらのフォームからお送りください。
        <AppLink href="/faq" className="text-link">
          よくある質問
        </AppLink>
        もあわせてご覧ください。
      </p>
      <form className="card form" onSubmit={submit} noValidate>
        <EmailField
          value={draft.email}
          onChange={(email) => setDraft({ ...draft, email })}
          errors={errors['email']}
          hint="回答はこのアドレスにお送りします。"
        />
        <Field label="お問い合わせの種類" required errors={errors['contactType']}>
          {(control) => (
            <select
              {...controlProps(control)}
              className="form-control"
              value={draft.contactType}
              onChange={(event) => setDraft({ ...draft, contactType: event.target.value })}
            >
              <option value="">選択してください</option>
              {contactTypes.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="お問い合わせ内容"
          required
          errors={errors['contactContent']}
          hint={`${draft.contactContent.length} / ${CONTACT_CONTENT_MAX}文字`}
        >
          {(control) => (
            <textarea
              {...controlProps(control)}
              className="form-control"
              maxLength={CONTACT_CONTENT_MAX}
              value={draft.contactContent}
              onChange={(event) => setDraft({ ...draft, contactContent: event.target.value })}
            />
          )}
        </Field>
        <div className="form-field" data-invalid={Boolean(errors['agreed'])}>
          <label className="form-check">
            <input
              type="checkbox"
              checked={draft.agreed}
              onChange={(event) => setDraft({ ...draft, agreed: event.target.checked })}
            />
            <span>
              <AppLink href="/privacy-policy" className="text-link">
                プライバシーポリシー
              </AppLink>
              に同意する
            </span>
          </label>
          {errors['agreed'] && (
            <p className="form-field__error" role="alert">
              {errors['agreed'].join(' ')}
            </p>
          )}
        </div>
        <button type="submit" className="button button--primary button--block">
          確認画面へ
        </button>
      </form>
    </div>
  );
}
