import { type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import { css } from 'styled-system/css';
import { describedBy, FieldShell } from '../ui/field';

const textAreaClass = css({
  w: 'full',
  minH: '28',
  px: '3',
  py: '2',
  borderWidth: '1px',
  borderColor: 'gray.300',
  borderRadius: 'md',
  bg: 'white',
  fontSize: 'md',
  resize: 'vertical',
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.400', borderColor: 'brand.500' },
  '&[aria-invalid=true]': { borderColor: 'red.500' },
});

export type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> & {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  errors?: readonly string[] | undefined;
  hint?: ReactNode;
};

/** A labelled textarea with the field's first error (or its hint) below, like TextField. */
export function TextAreaField({ label, value, onValueChange, errors, hint, id: givenId, ...rest }: TextAreaFieldProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldShell id={id} label={label} errors={errors} hint={hint}>
      <textarea
        id={id}
        className={textAreaClass}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={errors?.[0] ? true : undefined}
        aria-describedby={describedBy(id, errors, hint)}
        {...rest}
      />
    </FieldShell>
  );
}
