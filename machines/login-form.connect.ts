// View model of the login form: what the modal and the artist login page render.
import type { SnapshotFrom } from 'xstate';
import type { loginFormMachine } from './login-form.machine';

export function connectLoginForm(snapshot: SnapshotFrom<typeof loginFormMachine>) {
  const { values, errors, passwordVisible } = snapshot.context;
  return {
    values,
    busy: snapshot.hasTag('busy'),
    canSubmit: snapshot.can({ type: 'user.submit' }),
    canClose: snapshot.can({ type: 'dialog.closed' }),
    passwordInputType: passwordVisible ? ('text' as const) : ('password' as const),
    /** The first server message for a field, if any. */
    errorOf: (name: string): string | undefined => errors[name]?.[0],
    errorsOf: (name: string): string[] => errors[name] ?? [],
    /** Server messages under keys other than email and password (for a general alert). */
    otherErrors: Object.entries(errors)
      .filter(([key]) => key !== 'email' && key !== 'password')
      .flatMap(([, messages]) => messages),
  };
}
