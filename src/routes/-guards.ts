import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { AuthUser } from '../../contracts/account';
import { connectArtistGate } from '../../machines/artist-gate.connect';
import type { ArtistGateActor, SessionActor } from '../actors/app-actors';
import { metaOf, type RouteMeta } from './-meta';

type Matches = readonly { staticData?: RouteMeta }[];

// The two global guards of docs/product.md §2, run by the root route before every navigation. They only read
// snapshots (waiting while the session is still being checked) and decide where the visit goes: beforeLoad
// also runs on preload. What a page's opening causes (the login modal) is the app root's (app.machine.ts).

async function settledUser(session: SessionActor): Promise<AuthUser | null> {
  const snapshot = await waitFor(session, (s) => !s.hasTag('busy'));
  return snapshot.hasTag('authenticated') ? snapshot.context.user : null;
}

/**
 * 1. authUser meta needs a signed-in user of that type; guestOnly pages need a logged-out visitor (docs/product.md §5).
 * Nobody signed in is asked to log in, and the login leads back to the page (`href`): a customer page
 * goes to / (the root has opened the login modal over it), an artist page goes to the artist login
 * with the page as `redirect`. Someone signed in to the other area goes to /.
 */
export async function authGuard(actors: { session: SessionActor }, matches: Matches, href: string): Promise<void> {
  const authUser = metaOf(matches, 'authUser');
  const guestOnly = metaOf(matches, 'guestOnly');
  const guestWelcome = metaOf(matches, 'guestWelcome');
  if (!authUser && !guestOnly && !guestWelcome) return;
  const user = await settledUser(actors.session);
  if (guestWelcome && user && user.type !== 'user') throw redirect({ to: '/', replace: true });
  if (authUser && !user && authUser === 'artist')
    throw redirect({ to: '/artist/login', search: { redirect: href }, replace: true });
  if (authUser && user?.type !== authUser) throw redirect({ to: '/', replace: true });
  if (guestOnly && user) throw redirect({ to: '/', replace: true });
}

/**
 * 2. docs/product.md §4 artist gating, on the artist's own pages only: unfinished → form, unapproved → profile.
 * The artist gate actor decides; it follows the session (the root passes the user on at once).
 */
export async function artistGate(
  actors: { session: SessionActor; artistGate: ArtistGateActor },
  matches: Matches,
  pathname: string,
): Promise<void> {
  if (metaOf(matches, 'authUser') !== 'artist') return;
  const user = await settledUser(actors.session);
  // The root passes the user on synchronously; the timeout only guards against a page that never loads.
  const gate = await waitFor(actors.artistGate, (s) => s.context.user === user, { timeout: 2_000 }).catch(() =>
    actors.artistGate.getSnapshot(),
  );
  const decision = connectArtistGate(gate).gate(metaOf(matches, 'name') ?? '');
  if ('redirectTo' in decision && decision.redirectTo !== pathname)
    throw redirect({ to: decision.redirectTo, replace: true });
}
