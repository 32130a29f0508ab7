import { useState, type FormEvent } from 'react';
import { GUILD_COMMENT_MAX, GUILD_NAME_MAX } from '@golf/shared/schemas/guild';
import { controlProps, Field, type FieldErrors } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-client';
import { useImageUpload } from '@/lib/upload-image';
import type { GuildFormBody } from '../api/guild-mutations';
import { GuildImage } from './guild-image';

export const emptyGuildForm = (): GuildFormBody => ({
  name: '',
  comment: '',
  entry_type: 1,
  is_public: true,
  image_type: 1,
});

/** Which part of the guild a form edits: everything (create), its profile, or its settings. */
export type GuildFormPart = 'all' | 'profile' | 'settings';

/**
 * The guild form of create and edit. A chosen image is uploaded at once (presigned POST) and sent
 * as its key; `onSubmit` gets the body the API takes and answers with the API's error, if any.
 */
export function GuildForm({
  part = 'all',
  initial,
  initialPreview,
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  part?: GuildFormPart;
  initial: GuildFormBody;
  initialPreview: string | null;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (body: GuildFormBody, previewUrl: string | null) => void;
}) {
  const [body, setBody] = useState(initial);
  const image = useImageUpload('guild', initialPreview);
  const { preview, uploading } = image;
  const errors: FieldErrors = (isApiError(error) && error.errors) || {};
  const imageErrors = [
    ...(image.error ? [image.error] : []),
    ...(errors['guild_img_key'] ?? []),
    ...(errors['content_type'] ?? []),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A new image goes as its key; a removed one clears the image; otherwise the stored one stays.
    const imageFields = image.key
      ? { image_type: 2 as const, guild_img_key: image.key }
      : preview
        ? {}
        : { image_type: 1 as const, guild_img_key: undefined };
    onSubmit({ ...body, ...imageFields }, preview);
  };

  return (
    <form className="card form" onSubmit={submit} noValidate>
      {isApiError(error) && Object.keys(errors).length === 0 && (
        <p className="game-error" role="alert">
          {error.message}
        </p>
      )}
      {part !== 'settings' && (
        <>
          <Field
            label="ギルド画像"
            errors={imageErrors.length ? imageErrors : undefined}
            hint="JPEG・PNG・WebP、5MBまで"
          >
            {(control) => (
              <div className="guild-form__image">
                <GuildImage url={preview} size="hero" />
                <input
                  {...controlProps(control)}
                  type="file"
                  accept="image/jpeg,image/png,image/webp"
                  disabled={uploading}
                  onChange={(event) => void image.choose(event.target.files?.[0])}
                />
                {uploading && <p className="muted">アップロード中…</p>}
                {preview && (
                  <button
                    type="button"
                    className="button button--outline button--small"
                    onClick={image.remove}
                  >
                    画像を外す
                  </button>
                )}
              </div>
            )}
          </Field>
          <Field
            label="ギルド名"
            required
            errors={errors['name']}
            hint={`${body.name.length} / ${GUILD_NAME_MAX}文字`}
          >
            {(control) => (
              <input
                {...controlProps(control)}
                className="form-control"
                maxLength={GUILD_NAME_MAX}
                value={body.name}
                onChange={(event) => setBody({ ...body, name: event.target.value })}
              />
            )}
          </Field>
          <Field
            label="紹介文"
            errors={errors['comment']}
            hint={`${body.comment.length} / ${GUILD_COMMENT_MAX}文字`}
          >
            {(control) => (
              <textarea
                {...controlProps(control)}
                className="form-control"
                maxLength={GUILD_COMMENT_MAX}
                value={body.comment}
                onChange={(event) => setBody({ ...body, comment: event.target.value })}
              />
            )}
          </Field>
        </>
      )}
      {part !== 'profile' && (
        <>
          <fieldset className="form-field form-choices">
            <legend className="form-field__label">参加方法</legend>
            {([1, 2] as const).map((type) => (
              <label key={type} className="form-check">
                <input
                  type="radio"
                  name="entry_type"
                  checked={body.entry_type === type}
                  onChange={() => setBody({ ...body, entry_type: type })}
                />
                <span>{type === 1 ? 'だれでも参加できる' : '参加コードを知っている人だけ'}</span>
              </label>
            ))}
          </fieldset>
          <label className="form-check">
            <input
              type="checkbox"
              checked={body.is_public}
              onChange={(event) => setBody({ ...body, is_public: event.target.checked })}
            />
            <span>ギルド一覧に公開する（非公開にすると、検索に表示されません）</span>
          </label>
        </>
      )}
      <button type="submit" className="button button--primary button--block" disabled={pending || uploading}>
        {pending ? '確認中…' : submitLabel}
      </button>
    </form>
  );
}
