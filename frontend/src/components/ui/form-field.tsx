import { useId, type ReactNode } from 'react';
// Not a React hook despite its name: it sets zod's message locale once.
import { useJapaneseZodMessages as configureJapaneseZodMessages } from '@golf/shared/schemas/zod-locale';

// Forms check their input with the shared schemas before sending it, so zod's Japanese messages are
// set when the first form's module loads: the first bundle carries neither them nor zod's classic API.
configureJapaneseZodMessages();

/** Field messages keyed by field name, as the API's 422 `errors` and `fieldErrorsOf` give them. */
export type FieldErrors = Partial<Record<string, string[]>>;

/** The first message of each field of a zod error, keyed like the API's `errors`. */
export function fieldErrorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldErrors {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[issue.path.map(String).join('.') || '_'] ??= []).push(issue.message);
  return errors;
}

/** What a control inside a Field sets: its id, its description ids, and its state. */
export interface FieldControl {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
}

/** The ARIA attributes of a control inside a Field. */
export const controlProps = (control: FieldControl) => ({
  id: control.id,
  'aria-describedby': control.describedBy,
  'aria-invalid': control.invalid,
  'aria-required': control.required,
});

interface FieldProps {
  label: string;
  required?: boolean;
  hint?: ReactNode;
  errors?: string[] | undefined;
  children: (control: FieldControl) => ReactNode;
}

/** A labelled form control with its hint and its error messages, wired for screen readers. */
export function Field({ label, required, hint, errors, children }: FieldProps) {
  const id = useId();
  const invalid = (errors?.length ?? 0) > 0;
  const describedBy = [hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="form-field" data-invalid={invalid}>
      <label className="form-field__label" htmlFor={id}>
        {label}
        {/* Announced through aria-required on the control, so the label's name stays the field's. */}
        {required && (
          <span className="form-field__required" aria-hidden="true">
            必須
          </span>
        )}
      </label>
      {children({ id, describedBy: describedBy || undefined, invalid, required: required ?? false })}
      {hint && (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      )}
      {invalid && (
        <p id={`${id}-error`} className="form-field__error" role="alert">
          {errors!.join(' ')}
        </p>
      )}
    </div>
  );
}

/** The values and labels of a form shown back before it is sent. */
export function ConfirmList({ rows }: { rows: ReadonlyArray<{ label: string; value: ReactNode }> }) {
  return (
    <dl className="confirm-list">
      {rows.map((row) => (
        <div key={row.label} className="confirm-list__row">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The two buttons under a confirm view: send (busy while pending) and go back to the form. */
export function ConfirmActions({
  pending,
  submitLabel,
  onSubmit,
  onBack,
}: {
  pending: boolean;
  submitLabel: string;
  onSubmit: () => void;
  onBack: () => void;
}) {
  return (
    <div className="form-actions">
      <button
        type="button"
        className="button button--primary button--block"
        disabled={pending}
        onClick={onSubmit}
      >
        {pending ? '送信中…' : submitLabel}
      </button>
      <button
        type="button"
        className="button button--outline button--block"
        disabled={pending}
        onClick={onBack}
      >
        入力内容を修正する
      </button>
    </div>
  );
}

/** A required e-mail address field (contact, login and the account forms). */
export function EmailField({
  label = 'メールアドレス',
  value,
  onChange,
  errors,
  hint,
}: {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  errors?: string[] | undefined;
  hint?: ReactNode;
}) {
  return (
    <Field label={label} required errors={errors} hint={hint}>
      {(control) => (
        <input
          {...controlProps(control)}
          className="form-control"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** A choice from a `{ value, name }` option list, with an empty "please choose" first. */
export function OptionSelect({
  control,
  options,
  value,
  onChange,
}: {
  control: FieldControl;
  options: ReadonlyArray<{ value: string; name: string }>;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <select
      {...controlProps(control)}
      className="form-control"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">選択してください</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.name}
        </option>
      ))}
    </select>
  );
}
