// View model of the session for the header, the route guards and the artist gating.
import type { SnapshotFrom } from 'xstate';
import type { UserType } from '../contracts/account';
import type { sessionMachine } from './session.machine';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** The session has settled (route guards waitFor this before deciding). */
export function isSessionSettled(snapshot: SessionSnapshot): boolean {
  return !snapshot.hasTag('busy');
}

/** docs/product.md §5 route guard: an authenticated user of that type. */
export function isSignedInAs(snapshot: SessionSnapshot, userType: UserType): boolean {
  return snapshot.hasTag('authenticated') && snapshot.context.userType === userType && snapshot.context.user !== null;
}

export function connectSession(snapshot: SessionSnapshot) {
  const { user, userType } = snapshot.context;
  const signedIn = snapshot.hasTag('authenticated');
  return {
    signedIn,
    busy: snapshot.hasTag('busy'),
    user: signedIn ? user : null,
    userType: signedIn ? userType : null,
    isCustomer: isSignedInAs(snapshot, 'user'),
    isArtist: isSignedInAs(snapshot, 'artist'),
    canSignOut: snapshot.can({ type: 'user.signOut' }),
  };
}
