import { Switch } from '@ark-ui/react/switch';
import { useSelector } from '@xstate/react';
import { type ReactNode, type RefObject, useId } from 'react';
import { css } from 'styled-system/css';
import type { OrderStep } from '../../../machines/order-draft.types';
import { useOrderDraftActor } from '../../actors/hooks';
import { useFocusFirstInvalid } from '../ui/use-focus-first-invalid';
import { StepHeader } from './step-header';
import { useStepOpen } from './use-order-draft';

/** One step's page: the step header, its title, and the step's form; tells the draft the step is open. */
export function OrderStepPage({
  step,
  title,
  lead,
  children,
}: {
  step: OrderStep;
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  useStepOpen(step);
  return (
    <div
      className={css({ maxW: '5xl', mx: 'auto', px: '4', py: { base: '6', md: '10' } })}
      data-part="order-step"
      data-step={step}
    >
      <StepHeader current={step} />
      <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'extrabold', color: 'gray.900' })}>
        {title}
      </h1>
      {lead ? <p className={css({ mt: '2', color: 'fg.muted', fontSize: 'lg' })}>{lead}</p> : null}
      <div className={css({ mt: '6' })}>{children}</div>
    </div>
  );
}

/**
 * A step's form. While its save is in flight the fields are disabled, so nothing typed meanwhile is
 * silently dropped (the draft takes edits only between saves).
 */
export function StepForm({
  busy,
  onSubmit,
  formRef,
  children,
}: {
  busy: boolean;
  onSubmit: () => void;
  formRef?: RefObject<HTMLFormElement | null>;
  children: ReactNode;
}) {
  return (
    <form
      ref={formRef}
      noValidate
      aria-busy={busy}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <fieldset disabled={busy} className={css({ border: '0', p: '0', m: '0', minW: '0' })}>
        {children}
      </fieldset>
    </form>
  );
}

/** A titled card of a step's form. */
export function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={css({
        bg: 'white',
        borderRadius: 'xl',
        borderWidth: '1px',
        borderColor: 'border.default',
        p: { base: '5', md: '6' },
        mb: '5',
      })}
    >
      <h2 id={id} className={css({ fontSize: 'lg', fontWeight: 'bold', mb: description ? '1' : '4' })}>
        {title}
      </h2>
      {description ? <p className={css({ color: 'fg.muted', fontSize: 'sm', mb: '4' })}>{description}</p> : null}
      {children}
    </section>
  );
}

/** Two fields side by side from md up. */
export function FieldRow({ children }: { children: ReactNode }) {
  return (
    <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, columnGap: '4' })}>
      {children}
    </div>
  );
}

/** The server's messages that belong to no field of the form (or a failed call), above the buttons. */
export function FormAlert({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div
      role="alert"
      className={css({
        bg: 'red.50',
        color: 'red.800',
        borderWidth: '1px',
        borderColor: 'red.200',
        borderRadius: 'lg',
        p: '4',
        mb: '5',
      })}
    >
      <ul className={css({ display: 'grid', gap: '1' })}>
        {[...new Set(messages)].map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  );
}

/** The step's buttons, at the end of its form (on a phone the main one comes first, full width). */
export function StepActions({ children }: { children: ReactNode }) {
  return (
    <div
      className={css({
        display: 'flex',
        flexDir: { base: 'column-reverse', sm: 'row' },
        justifyContent: 'space-between',
        alignItems: { base: 'stretch', sm: 'center' },
        gap: '3',
        mt: '2',
      })}
    >
      {children}
    </div>
  );
}

const errorClass = css({ color: 'danger.fg', fontSize: 'sm', mt: '1' });

/** A field's first server message (under selects, lists and other controls without a FieldShell). */
export function FieldError({ id, message }: { id?: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={errorClass}>
      {message}
    </p>
  );
}

/** An Ark switch with its label and an optional hint. */
export function SwitchField({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Switch.Root
      checked={checked}
      onCheckedChange={(d) => onChange(d.checked)}
      className={css({ display: 'flex', alignItems: 'flex-start', gap: '3', cursor: 'pointer', mb: '4' })}
    >
      <Switch.Control
        className={css({
          w: '11',
          h: '6',
          flexShrink: 0,
          mt: '0.5',
          bg: 'gray.300',
          borderRadius: 'full',
          display: 'inline-flex',
          alignItems: 'center',
          p: '0.5',
          transition: 'background 0.2s',
          _checked: { bg: 'brand.700' },
          '[data-focus-visible] &': { outline: '2px solid', outlineColor: 'brand.400', outlineOffset: '2px' },
        })}
      >
        <Switch.Thumb
          className={css({
            w: '5',
            h: '5',
            bg: 'white',
            borderRadius: 'full',
            boxShadow: 'sm',
            transition: 'transform 0.2s',
            _checked: { transform: 'translateX(1.25rem)' },
          })}
        />
      </Switch.Control>
      <span>
        <Switch.Label className={css({ fontWeight: 'medium', display: 'block' })}>{label}</Switch.Label>
        {hint ? <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>{hint}</span> : null}
      </span>
      <Switch.HiddenInput />
    </Switch.Root>
  );
}

/** After a save the server refused, focus the first field with a message. Returns the ref for the step's form. */
export function useFocusFirstError<T extends HTMLElement>(step: OrderStep): RefObject<T | null> {
  const orderDraft = useOrderDraftActor();
  return useFocusFirstInvalid<T>(useSelector(orderDraft, (s) => s.context.errors[step]));
}
