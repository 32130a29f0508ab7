import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { emailBodySchema, NICKNAME_MAX, passwordMinLength } from '@golf/shared/schemas/account';
import { AppLink } from '@/components/ui/app-link';
import {
  ConfirmList,
  controlProps,
  EmailField,
  Field,
  fieldErrorsOf,
  OptionSelect,
  type FieldErrors,
} from '@/components/ui/form-field';
import { Icon } from '@/components/ui/icon';
import { isApiError } from '@/lib/api-client';
import {
  masterListQueryOptions,
  useMasterList,
  type MasterListName,
} from '@/features/master/api/get-master-list';
import type { ProfileDraft } from '../api/account-calls';
import type { AppHref } from '@/lib/app-href';

/** "We sent you a mail": where it went, how long the link works, and what to do if none came. */
export function MailSentCard({
  email,
  lead,
  retry,
}: {
  email?: string | undefined;
  lead: string;
  retry: { href: AppHref; label: string };
}) {
  return (
    <section className="card mail-sent" data-testid="mail-sent">
      <span className="mail-sent__icon" aria-hidden="true">
        <Icon name="news" size={30} />
      </span>
      <h2 className="card-title">メールを送信しました</h2>
      {email && <p className="mail-sent__address">{email}</p>}
      <p>{lead}</p>
      <ul className="mail-sent__notes">
        <li>メールのリンクの有効期限は24時間で、1回だけ使えます。</li>
        <li>
          数分たっても届かない場合は、迷惑メールフォルダや受信設定（no-reply@golf-dream.example）をご確認ください。
        </li>
      </ul>
      <AppLink href={retry.href} className="text-link">
        {retry.label}
      </AppLink>
    </section>
  );
}

/** A mail link that did not work (unknown, used, expired): why, and the way to ask again. */
export function LinkErrorCard({ error, retry }: { error: unknown; retry: { href: AppHref; label: string } }) {
  const message =
    isApiError(error) && error.errors?.['token']
      ? error.errors['token'].join(' ')
      : isApiError(error)
        ? error.message
        : 'リンクを確認できませんでした。通信環境をご確認のうえ、もう一度お試しください。';
  return (
    <section className="card link-error" role="alert" data-testid="link-error">
      <h2 className="card-title">リンクを確認できませんでした</h2>
      <p>{message}</p>
      <AppLink href={retry.href} className="button button--primary button--block">
        {retry.label}
      </AppLink>
    </section>
  );
}

/** The API's field errors of a failed call, or none. */
export const apiFieldErrors = (error: unknown): FieldErrors => (isApiError(error) && error.errors) || {};

/** The API's message when it named no field (a 409, a 429...). */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  const fields = apiFieldErrors(error);
  if (Object.keys(fields).length > 0) return null;
  return (
    <div className="game-error" role="alert">
      <p>{isApiError(error) ? error.message : '送信できませんでした。もう一度お試しください。'}</p>
    </div>
  );
}

/** A password input with its label, hint and errors. */
export function PasswordField({
  label,
  value,
  onChange,
  errors,
  autoComplete = 'new-password',
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors?: string[] | undefined;
  autoComplete?: 'new-password' | 'current-password';
  hint?: ReactNode;
}) {
  return (
    <Field label={label} required errors={errors} hint={hint}>
      {(control) => (
        <input
          {...controlProps(control)}
          className="form-control"
          type="password"
          autoComplete={autoComplete}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/**
 * A new password and its confirmation. `label` names them where another password is on the screen
 * or the player already has one (「新しいパスワード」 on the change and reset forms).
 */
export function NewPasswordFields({
  value,
  onChange,
  errors,
  label = 'パスワード',
}: {
  value: { password: string; password_confirmation: string };
  onChange: (value: { password: string; password_confirmation: string }) => void;
  errors: FieldErrors;
  label?: string;
}) {
  return (
    <>
      <PasswordField
        label={label}
        value={value.password}
        onChange={(password) => onChange({ ...value, password })}
        errors={errors['password']}
        hint={`${passwordMinLength}文字以上。推測されやすいパスワードは使えません`}
      />
      <PasswordField
        label={`${label}（確認）`}
        value={value.password_confirmation}
        onChange={(password_confirmation) => onChange({ ...value, password_confirmation })}
        errors={errors['password_confirmation']}
      />
    </>
  );
}

const profileSelects: ReadonlyArray<{
  field: 'gender' | 'age' | 'address' | 'golf_play_history';
  list: MasterListName;
  label: string;
}> = [
  { field: 'gender', list: 'gender', label: '性別' },
  { field: 'age', list: 'age', label: '年代' },
  { field: 'address', list: 'prefecture', label: 'お住まいの都道府県' },
  { field: 'golf_play_history', list: 'golf_play_history', label: 'ゴルフのプレー頻度' },
];

function MasterSelect({
  list,
  label,
  value,
  onChange,
  errors,
}: {
  list: MasterListName;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors?: string[] | undefined;
}) {
  const options = useMasterList(list);
  return (
    <Field label={label} required errors={errors}>
      {(control) => <OptionSelect control={control} options={options} value={value} onChange={onChange} />}
    </Field>
  );
}

/** The name a master value shows as (for the confirm view). */
function useMasterName(list: MasterListName, value: string | number): string {
  return useMasterList(list).find((option) => option.value === String(value))?.name ?? '';
}

/** A chosen file as an object URL for the preview, released when it changes. */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

function ProfileAvatar({ url }: { url: string | null }) {
  return url ? (
    <img className="profile-card__image" src={url} alt="プロフィール画像" />
  ) : (
    <span className="profile-card__image profile-card__image--empty" aria-hidden="true">
      <Icon name="user" size={32} />
    </span>
  );
}

/** The profile's fields: nickname, the four choices, and an optional picture. */
export function ProfileFields({
  draft,
  onChange,
  errors,
  currentImageUrl,
}: {
  draft: ProfileDraft;
  onChange: (draft: ProfileDraft) => void;
  errors: FieldErrors;
  currentImageUrl: string | null;
}) {
  const chosen = useObjectUrl(draft.image);
  const shown = chosen ?? (draft.removeImage ? null : currentImageUrl);
  return (
    <>
      <Field
        label="プロフィール画像"
        errors={errors['profile_img'] ?? errors['profile_img_key']}
        hint="JPEG・PNG・WebP、5MBまで（任意）"
      >
        {(control) => (
          <div className="profile-form__image">
            <ProfileAvatar url={shown} />
            <input
              {...controlProps(control)}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(event) =>
                onChange({ ...draft, image: event.target.files?.[0] ?? null, removeImage: false })
              }
            />
            {shown && (
              <button
                type="button"
                className="button button--outline button--small"
                onClick={() => onChange({ ...draft, image: null, removeImage: true })}
              >
                画像を外す
              </button>
            )}
          </div>
        )}
      </Field>
      <Field
        label="ニックネーム"
        required
        errors={errors['nickname']}
        hint={`ランキングに表示されます（${draft.nickname.length} / ${NICKNAME_MAX}文字）`}
      >
        {(control) => (
          <input
            {...controlProps(control)}
            className="form-control"
            maxLength={NICKNAME_MAX}
            autoComplete="nickname"
            value={draft.nickname}
            onChange={(event) => onChange({ ...draft, nickname: event.target.value })}
          />
        )}
      </Field>
      {profileSelects.map((select) => (
        <MasterSelect
          key={select.field}
          list={select.list}
          label={select.label}
          value={draft[select.field]}
          onChange={(value) => onChange({ ...draft, [select.field]: value })}
          errors={errors[select.field]}
        />
      ))}
    </>
  );
}

/** The profile as it will be stored, shown back before it is sent. */
export function ProfileConfirmRows({ draft, imageUrl }: { draft: ProfileDraft; imageUrl: string | null }) {
  const names = {
    gender: useMasterName('gender', draft.gender),
    age: useMasterName('age', draft.age),
    address: useMasterName('prefecture', draft.address),
    golf_play_history: useMasterName('golf_play_history', draft.golf_play_history),
  };
  return (
    <ConfirmList
      rows={[
        { label: 'プロフィール画像', value: <ProfileAvatar url={imageUrl} /> },
        { label: 'ニックネーム', value: draft.nickname },
        ...profileSelects.map((select) => ({ label: select.label, value: names[select.field] })),
      ]}
    />
  );
}

export const emptyProfileDraft = (): ProfileDraft => ({
  nickname: '',
  gender: '',
  age: '',
  address: '',
  golf_play_history: '',
  image: null,
  removeImage: false,
});

/**
 * A one-address form that asks for a mailed link (registration of a social player's address,
 * a password reset, an e-mail change): checks the address, sends it, and goes on with it.
 */
export function EmailRequestForm({
  ariaLabel,
  title,
  lead,
  label,
  submitLabel,
  send,
  onSent,
}: {
  ariaLabel: string;
  title: string;
  lead: string;
  label?: string;
  submitLabel: string;
  send: {
    mutate: (email: string, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
    isPending: boolean;
    error: unknown;
  };
  onSent: (email: string) => void;
}) {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = emailBodySchema.safeParse({ email });
    setErrors(checked.success ? {} : fieldErrorsOf(checked.error.issues));
    if (!checked.success) return;
    send.mutate(checked.data.email, {
      onSuccess: () => onSent(checked.data.email),
      onError: (error) => setErrors(apiFieldErrors(error)),
    });
  };
  return (
    <form className="card form" onSubmit={submit} noValidate aria-label={ariaLabel}>
      <h2 className="card-title">{title}</h2>
      <p className="muted">{lead}</p>
      <FormError error={send.error} />
      <EmailField label={label} value={email} onChange={setEmail} errors={errors['email']} />
      <button type="submit" className="button button--primary button--block" disabled={send.isPending}>
        {send.isPending ? '送信中…' : submitLabel}
      </button>
    </form>
  );
}

/** The option lists the profile form needs, loaded before it shows. */
export const profileListsLoaded = (queryClient: QueryClient) =>
  Promise.all(
    (['gender', 'age', 'prefecture', 'golf_play_history'] as const).map((list) =>
      queryClient.ensureQueryData(masterListQueryOptions(list)),
    ),
  );
