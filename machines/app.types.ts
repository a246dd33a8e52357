// The app root's vocabulary (app.machine.ts): what it starts from, keeps and is told.
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { AccountType, AuthUser, UserType } from '../contracts/account';
import type { authDialogsMachine } from './auth-dialogs.machine';
import type { AuthDialogsEvent } from './auth-dialogs.types';
import type { LiveHint } from './live';
import type { LiveScreen } from './live-router.machine';
import type { notificationsMachine } from './notifications.machine';
import type { onlineStatusMachine } from './online-status.machine';
import type { orderDraftMachine } from './order-draft.machine';
import type { playerMachine } from './player.machine';
import type { PlayerEvent } from './player.types';
import type { SessionEvent, SessionInput } from './session.types';
import type { tourMachine } from './tour.machine';

/** What another tab of this browser did to the shared session (session.machine's `tab.*` events). */
export type OtherTabEvent = Extract<SessionEvent, { type: 'tab.signedIn' | 'tab.refreshed' | 'tab.signedOut' }>;

/** What the long-lived children start from (the app reads it from storage). */
export interface AppInput {
  session: SessionInput;
}

/** A page the router is about to open (src/actors/navigation.ts tells the root before any guard runs). */
export interface PageEntry {
  /** Its path, search and hash: where a login leads back to. */
  href: string;
  /** Its route's path (`/order/song`): an order step needs the customer's draft. */
  route: string;
  /** Who must be signed in to see it (its route meta `authUser`), or null. */
  needs: UserType | null;
  /** Someone arrives at it (a link, an address, a reload), rather than it being checked again in place. */
  arriving: boolean;
}

/** What the page entry (page-entry.machine.ts) tells the root a page that opens needs. */
export type PageEntryReport =
  /** The login modal, leading back to the page. */
  | { type: 'entry.askLogin'; returnTo: string }
  /** The customer's draft (an order step). */
  | { type: 'entry.needsDraft' };

/** The signed-in account as the root last heard it: a new key signs the bell in afresh. */
export interface AppAccount {
  key: string;
  area: AccountType;
}

/** The children only a signed-in account uses, once started (their systemIds are their names). */
export interface AccountChildren {
  notifications: ActorRefFrom<typeof notificationsMachine>;
  onlineStatus: ActorRefFrom<typeof onlineStatusMachine>;
  tour: ActorRefFrom<typeof tourMachine>;
}
export type DialogsActor = ActorRefFrom<typeof authDialogsMachine>;
export type OrderDraftActor = ActorRefFrom<typeof orderDraftMachine>;
export type PlayerActor = ActorRefFrom<typeof playerMachine>;

/** What a lazy child reports started, by systemId (the app's loaders name them so). */
export type StartedChildren = Partial<AccountChildren> & {
  authDialogs?: DialogsActor;
  orderDraft?: OrderDraftActor;
  player?: PlayerActor;
};

/** What views, guards and the session tell the account modals, through the root (held until they run). */
export type DialogsBoundEvent = Exclude<AuthDialogsEvent, { type: 'login.succeeded' }>;

export interface AppContext {
  startup: AppInput;
  /** The signed-in user as the session last said (null: nobody), and their account. */
  user: AuthUser | null;
  account: AppAccount | null;
  /** Each null until its part has loaded and started (views find them here). */
  dialogs: DialogsActor | null;
  accountChildren: AccountChildren | null;
  orderDraft: OrderDraftActor | null;
  player: PlayerActor | null;
}

export type AppEvent =
  /** `checking`: the session is still checking a sign-in (omitted: it has settled). */
  | { type: 'session.changed'; user: AuthUser | null; checking?: boolean }
  | ({ type: 'route.entering' } & PageEntry)
  | PageEntryReport
  /** From the bell: something the account may have open changed. */
  | { type: 'live.hint'; hint: LiveHint }
  | ({ type: 'screen.watch' } & LiveScreen)
  | { type: 'screen.unwatch'; ref: AnyActorRef }
  | { type: 'artists.preselect'; id: string }
  | { type: 'session.loggedOut' }
  /** The session ended in another tab: the draft keeps what this tab wrote. */
  | { type: 'session.endedElsewhere' }
  | Extract<PlayerEvent, { type: 'player.load' }>
  | DialogsBoundEvent
  | OtherTabEvent
  /** A lazy child's report (lazy-child.machine's LazyChildReport). */
  | { type: 'child.started'; children: StartedChildren }
  | { type: 'child.failed' };
