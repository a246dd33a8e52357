// View model of the sign-up modal.
import type { SnapshotFrom } from 'xstate';
import { registerFields } from '../contracts/auth';
import { phone } from '../contracts/constants';
import type { signUpFormMachine } from './sign-up-form.machine';

/** docs/product.md §3: optional in the registration payload, kept out of the way in the form. */
const optionalFields = ['middle_name', 'contact_number', 'country'] as const;

export function connectSignUpForm(snapshot: SnapshotFrom<typeof signUpFormMachine>) {
  const { values, errors } = snapshot.context;
  // dial_code has no field of its own: it follows the country, so its messages show there.
  const errorsOf = (name: string): string[] => [
    ...(errors[name] ?? []),
    ...(name === 'country' ? (errors.dial_code ?? []) : []),
  ];
  const shown = new Set<string>([...registerFields, 'dial_code']);
  return {
    values,
    busy: snapshot.hasTag('busy'),
    canSubmit: snapshot.can({ type: 'user.submit' }),
    canClose: snapshot.can({ type: 'dialog.closed' }),
    /** The contact number field uses the 20-digit mask of docs/product.md §5. */
    contactNumberMask: phone.contactNumberMask,
    /** The fields an order does not need (middle name, phone and its country) have a message to show. */
    optionalHaveErrors: optionalFields.some((name) => errorsOf(name).length > 0),
    errorOf: (name: string): string | undefined => errorsOf(name)[0],
    errorsOf,
    /** Server messages under keys no field shows (for a general alert). */
    otherErrors: Object.entries(errors)
      .filter(([key]) => !shown.has(key))
      .flatMap(([, messages]) => messages),
  };
}
