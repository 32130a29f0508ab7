import type { ReactNode } from 'react';

/** A setting that is on or off: its title and hint, and a switch (a checkbox with the switch role). */
export function ToggleSwitch({
  title,
  hint,
  checked,
  disabled,
  onChange,
}: {
  title: string;
  hint: ReactNode;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="toggle">
      <span className="toggle__text">
        <span className="toggle__title">{title}</span>
        <span className="toggle__hint">{hint}</span>
      </span>
      <input
        type="checkbox"
        role="switch"
        className="toggle__switch"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
    </label>
  );
}
