// The app root's children as the root sees them (app.machine.ts): how each is started (for the whole
// visit, or on first use under a lazy child), who hears what of the signed-in user, and whether a modal
// is open or about to open.
import type { AnyActorRef, AnyEventObject } from 'xstate';
import type { AuthUser } from '../contracts/account';
import type { AppAccount, AppContext } from './app.types';
import type { LazyChildActor } from './lazy-child.machine';
import { tourFactsFor } from './tour-facts';

/** A long-lived child, found by its id as its systemId. */
export const longLived = <S extends string>(id: S) => ({ id, systemId: id, src: id });

/** A lazy child invoked under its src name, reporting to the root; its children run under systemIds. */
export const lazy = <S extends string>(id: S, input: { keep?: 'latest'; waitWhile?: string } = {}) => ({
  id,
  src: id,
  input: ({ self }: { self: AnyActorRef }) => ({ ...input, systemIds: true, reportTo: self }),
});

/** The customer whose details prefill the gifter (artists order nothing). */
const customerOf = (user: AuthUser | null) => (user?.type === 'user' ? user : null);

/** Who has a bell: customers and artists here (the admin console has its own session). */
export function accountOf(user: AuthUser | null): AppAccount | null {
  if (user?.type !== 'user' && user?.type !== 'artist') return null;
  return { key: `${user.type}:${user.id}`, area: user.type };
}

/** The started children that hear of the user, and how they are told. */
type UserListeners = Pick<AppContext, 'orderDraft' | 'accountChildren'>;
type Send = (to: AnyActorRef, event: AnyEventObject) => void;

/** Tells the started children what they hear of the user; `known`: the account they last heard of. */
export function tellUser(send: Send, to: UserListeners, user: AuthUser | null, known: AppAccount | null) {
  const customer = customerOf(user);
  if (to.orderDraft && customer) send(to.orderDraft, { type: 'session.loggedIn', account: customer });
  const children = to.accountChildren;
  if (!children) return;
  const account = accountOf(user);
  const sameAccount = (account?.key ?? null) === (known?.key ?? null);
  // The switch shows what the account says; the tour keeps the same artist's facts or starts afresh.
  send(children.onlineStatus, { type: 'session.userChanged', isOnline: user?.is_online ? 1 : 0 });
  send(children.tour, { type: sameAccount ? 'user.changed' : 'account.changed', ...tourFactsFor(user) });
  if (!sameAccount && known) send(children.notifications, { type: 'session.signedOut' });
  if (!sameAccount && account) send(children.notifications, { type: 'session.signedIn', area: account.area });
}

/** An event that opens a modal or an artist login page: the account modals start if they have not. */
export const opensDialogs = (event: { type: string }) =>
  event.type.startsWith('dialog.open') || event.type === 'page.opened';

/**
 * A modal is open, or about to open once the modals' code has loaded: what they were told meanwhile
 * ends with an opening (its frame shows meanwhile).
 */
export function hasOpenModal({
  context,
  children,
}: {
  context: AppContext;
  children: Partial<{ lazyDialogs: LazyChildActor }>;
}) {
  if (context.dialogs) return context.dialogs.getSnapshot().hasTag('open');
  const held = children.lazyDialogs?.getSnapshot().context.held ?? [];
  const last = held.findLast(({ event }) => !event.type.startsWith('page.'));
  return last !== undefined && opensDialogs(last.event);
}
