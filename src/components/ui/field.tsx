import { forwardRef, type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { css } from 'styled-system/css';

export const inputClass = css({
  w: 'full',
  h: '11',
  px: '3',
  borderWidth: '1px',
  borderColor: 'gray.300',
  borderRadius: 'md',
  bg: 'white',
  fontSize: 'md',
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.400', borderColor: 'brand.500' },
  '&[aria-invalid=true]': { borderColor: 'red.500' },
});

const labelClass = css({ display: 'block', fontWeight: 'medium', fontSize: 'sm', mb: '1' });
const errorClass = css({ color: 'danger.fg', fontSize: 'sm', mt: '1' });

export interface FieldShellProps {
  id: string;
  label: ReactNode;
  errors?: readonly string[] | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

/** Label above, control, then the field's messages: the first error, or the hint. */
export function FieldShell({ id, label, errors, hint, children }: FieldShellProps) {
  const error = errors?.[0];
  return (
    <div className={css({ mb: '4' })} data-part="field">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className={errorClass} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className={css({ color: 'fg.muted', fontSize: 'sm', mt: '1' })}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function describedBy(id: string, errors?: readonly string[], hint?: ReactNode): string | undefined {
  if (errors?.[0]) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  errors?: readonly string[] | undefined;
  hint?: ReactNode;
};

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, value, onValueChange, errors, hint, id: givenId, ...rest },
  ref,
) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldShell id={id} label={label} errors={errors} hint={hint}>
      <input
        ref={ref}
        id={id}
        className={inputClass}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={errors?.[0] ? true : undefined}
        aria-describedby={describedBy(id, errors, hint)}
        {...rest}
      />
    </FieldShell>
  );
});

export type PasswordFieldProps = Omit<TextFieldProps, 'type'> & {
  /** Controlled visibility (the login form machine owns it); uncontrolled when omitted. */
  visible?: boolean;
  onToggleVisibility?: () => void;
};

/** A password input with the eye toggle of docs/product.md §3. */
export function PasswordField({
  visible,
  onToggleVisibility,
  label,
  value,
  onValueChange,
  errors,
  hint,
  id: givenId,
  ...rest
}: PasswordFieldProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const [localVisible, setLocalVisible] = useState(false);
  const shown = visible ?? localVisible;
  const toggle = onToggleVisibility ?? (() => setLocalVisible((v) => !v));
  return (
    <FieldShell id={id} label={label} errors={errors} hint={hint}>
      <div className={css({ position: 'relative' })}>
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          className={`${inputClass} ${css({ pr: '12' })}`}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          aria-invalid={errors?.[0] ? true : undefined}
          aria-describedby={describedBy(id, errors, hint)}
          {...rest}
        />
        <button
          type="button"
          onClick={toggle}
          aria-label={shown ? 'Hide password' : 'Show password'}
          aria-pressed={shown}
          aria-controls={id}
          className={css({
            position: 'absolute',
            right: '1',
            top: '50%',
            transform: 'translateY(-50%)',
            w: '9',
            h: '9',
            borderRadius: 'md',
            cursor: 'pointer',
            color: 'fg.muted',
            _hover: { bg: 'gray.100' },
            _focusVisible: { outline: '2px solid', outlineColor: 'brand.400' },
          })}
        >
          <EyeIcon crossed={shown} />
        </button>
      </div>
    </FieldShell>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      aria-hidden="true"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      className={css({ mx: 'auto' })}
    >
      <path d="M1 12s4-8 11-8 11 8 11 8-4 8-11 8-11-8-11-8z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <line x1="3" y1="3" x2="21" y2="21" /> : null}
    </svg>
  );
}
