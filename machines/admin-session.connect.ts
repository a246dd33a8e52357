// View model of the admin session: what the console's guards, top bar and login page read.
import type { SnapshotFrom } from 'xstate';
import type { adminSessionMachine } from './admin-session.machine';

type AdminSessionSnapshot = SnapshotFrom<typeof adminSessionMachine>;

/** The session has settled: guards waitFor this before deciding. */
export function isAdminSessionSettled(snapshot: AdminSessionSnapshot): boolean {
  return !snapshot.hasTag('busy') || snapshot.matches({ signedOut: 'submitting' });
}

export function isAdminSignedIn(snapshot: AdminSessionSnapshot): boolean {
  return snapshot.hasTag('authenticated') && snapshot.context.user !== null;
}

export function connectAdminSession(snapshot: AdminSessionSnapshot) {
  const { values, errors, user } = snapshot.context;
  const signedIn = isAdminSignedIn(snapshot);
  return {
    signedIn,
    user: signedIn ? user : null,
    /** The login form. */
    values,
    loggingIn: snapshot.matches({ signedOut: 'submitting' }),
    signingOut: snapshot.matches('signingOut'),
    canSubmit: snapshot.can({ type: 'user.submit' }),
    canSignOut: snapshot.can({ type: 'user.signOut' }),
    errorsOf: (name: string): string[] => errors[name] ?? [],
    /** Server messages under keys other than email and password (shown above the form). */
    otherErrors: Object.entries(errors)
      .filter(([key]) => key !== 'email' && key !== 'password')
      .flatMap(([, messages]) => messages),
  };
}
