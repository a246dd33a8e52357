import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { ActorRefFrom } from 'xstate';
import type { RegisterField } from '../../../contracts/auth';
import { connectSignUpForm } from '../../../machines/sign-up-form.connect';
import type { signUpFormMachine } from '../../../machines/sign-up-form.machine';
import { PhoneInput } from '../phone/phone-input';
import { Button } from '../ui/button';
import { PasswordField, TextField } from '../ui/field';
import { useFocusFirstInvalid } from '../ui/use-focus-first-invalid';

export type SignUpFormActor = ActorRefFrom<typeof signUpFormMachine>;

/** The Account Sign Up form (docs/product.md §3 registration payload, §5 rules). */
export function SignUpForm({ actor, onLogin }: { actor: SignUpFormActor; onLogin: () => void }) {
  const view = useSelector(actor, connectSignUpForm);
  const [moreOpen, setMoreOpen] = useState(false);
  const { values, busy } = view;
  const formRef = useFocusFirstInvalid<HTMLFormElement>(useSelector(actor, (s) => s.context.errors));
  const change = (name: RegisterField) => (value: string) => actor.send({ type: 'field.changed', name, value });

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'user.submit' });
      }}
    >
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, columnGap: '4' })}>
        <TextField
          label="First name"
          name="first_name"
          autoComplete="given-name"
          value={values.first_name}
          errors={view.errorsOf('first_name')}
          onValueChange={change('first_name')}
        />
        <TextField
          label="Last name"
          name="last_name"
          autoComplete="family-name"
          value={values.last_name}
          errors={view.errorsOf('last_name')}
          onValueChange={change('last_name')}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={values.email}
        errors={view.errorsOf('email')}
        onValueChange={change('email')}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        value={values.password}
        errors={view.errorsOf('password')}
        hint="At least 8 characters, with a letter and a number."
        onValueChange={change('password')}
      />
      <PasswordField
        label="Confirm password"
        name="password_confirmation"
        autoComplete="new-password"
        value={values.password_confirmation}
        errors={view.errorsOf('password_confirmation')}
        onValueChange={change('password_confirmation')}
      />
      {/* Not needed to order (docs/product.md §3): out of the way, open when the server has something to say there. */}
      <details
        open={moreOpen || view.optionalHaveErrors}
        onToggle={(e) => setMoreOpen(e.currentTarget.open)}
        className={css({ mb: '4' })}
      >
        <summary className={css({ cursor: 'pointer', fontWeight: 'medium', color: 'brand.800', mb: '2' })}>
          Add a middle name or a phone number (optional)
        </summary>
        <TextField
          label="Middle name (optional)"
          name="middle_name"
          autoComplete="additional-name"
          value={values.middle_name}
          errors={view.errorsOf('middle_name')}
          onValueChange={change('middle_name')}
        />
        <PhoneInput
          label="Contact number (optional)"
          name="contact_number"
          country={values.country}
          number={values.contact_number}
          mask={view.contactNumberMask}
          errors={[...view.errorsOf('country'), ...view.errorsOf('contact_number')]}
          onCountryChange={(code) => {
            if (code !== values.country) change('country')(code);
          }}
          onNumberChange={change('contact_number')}
        />
      </details>
      <Button type="submit" block loading={busy}>
        Create account
      </Button>
      <p className={css({ mt: '4', textAlign: 'center', fontSize: 'sm' })}>
        Already have an account?{' '}
        <button
          type="button"
          onClick={onLogin}
          className={css({
            color: 'brand.700',
            fontWeight: 'semibold',
            cursor: 'pointer',
            textDecoration: 'underline',
          })}
        >
          Log in
        </button>
      </p>
    </form>
  );
}
