// What a page that opens needs, decided as the router is about to open it (the app root passes on
// `route.entering` and `session.changed`; the route guards only read what follows): someone signed out
// who arrives at a customer page is asked to log in, leading back there; a customer opening an order
// step needs their draft. While the session checks a sign-in, who is signed in is not known yet: the
// page waits (a newer one replaces it) and is decided once the check is done. The parent hears each
// decision as a PageEntryReport (`entry.askLogin`, `entry.needsDraft`) and starts what it names.
import { assign, enqueueActions, sendParent, setup } from 'xstate';
import type { AuthUser } from '../contracts/account';
import type { AppEvent, PageEntry, PageEntryReport } from './app.types';
import { orderStepPaths } from './order-steps';

export type PageEntryEvent = Extract<AppEvent, { type: 'route.entering' | 'session.changed' }>;

export interface PageEntryContext {
  /** Who is signed in, as the session last said once its check was done (null: nobody). */
  user: AuthUser | null;
  /** The page that opened during the check (`pageWaiting`), else null. */
  waitingPage: PageEntry | null;
}

/** The pages of the order flow's steps: each needs the customer's draft. */
const orderStepRoutes: readonly string[] = Object.values(orderStepPaths);

export const pageEntryMachine = setup({
  types: { context: {} as PageEntryContext, events: {} as PageEntryEvent },
  actions: {
    keepUser: assign((_, user: AuthUser | null) => ({ user })),
    keepPage: assign((_, page: PageEntry) => ({ waitingPage: page })),
    /** The page that waited is decided now, with the settled user, as if it opened now. */
    enterWaitingPage: enqueueActions(({ context: { waitingPage }, enqueue }) => {
      if (!waitingPage) return;
      enqueue.assign({ waitingPage: null });
      enqueue.raise({ ...waitingPage, type: 'route.entering' });
    }),
    askLogin: sendParent((_, page: PageEntry): PageEntryReport => ({ type: 'entry.askLogin', returnTo: page.href })),
    needDraft: sendParent({ type: 'entry.needsDraft' } satisfies PageEntryReport),
  },
  guards: {
    /** The session is checking a sign-in: who is signed in is not known yet. */
    isChecking: ({ event }) => event.type === 'session.changed' && event.checking === true,
    /** The session has finished checking: who is signed in is known. */
    isSettled: ({ event }) => event.type === 'session.changed' && event.checking !== true,
    /** Nobody is signed in, and someone arrives at a page only a customer may see. */
    isSignedOutArrival: ({ context, event }) =>
      event.type === 'route.entering' && event.arriving && event.needs === 'user' && context.user === null,
    /** A customer or a guest (nobody signed in: a first visit has no wall) opens a step of the order flow. */
    isCustomersOrderStep: ({ context, event }) =>
      event.type === 'route.entering' &&
      (context.user === null || context.user.type === 'user') &&
      orderStepRoutes.includes(event.route),
  },
}).createMachine({
  id: 'pageEntry',
  context: { user: null, waitingPage: null },
  initial: 'settled',
  states: {
    settled: {
      description: 'Who is signed in is known: a page that opens is decided at once.',
      on: {
        'route.entering': [
          {
            guard: 'isSignedOutArrival',
            actions: { type: 'askLogin', params: ({ event }) => event },
            description:
              'Someone signed out arrives at a customer page: the login modal opens over the home page and leads back there.',
          },
          {
            guard: 'isCustomersOrderStep',
            actions: 'needDraft',
            description:
              'A customer, or a guest writing their brief, opens a page of the order flow: the draft starts if it has not.',
          },
        ],
        'session.changed': [
          {
            guard: 'isChecking',
            target: 'checking',
            description: 'A sign-in is being checked (a stored one, a login): who is signed in is not known yet.',
          },
          {
            actions: { type: 'keepUser', params: ({ event }) => event.user },
            description: 'Someone signed in or out, or their account changed: the next page is decided for them.',
          },
        ],
      },
    },
    checking: {
      description: 'The session is checking a sign-in: a page that opens now waits for the answer.',
      on: {
        'route.entering': {
          target: 'pageWaiting',
          actions: { type: 'keepPage', params: ({ event }) => event },
          description: 'A page opens during the check: it is decided once the check is done.',
        },
        'session.changed': {
          guard: 'isSettled',
          target: 'settled',
          actions: { type: 'keepUser', params: ({ event }) => event.user },
          description: 'The check is done and no page waited: who is signed in is known.',
        },
      },
    },
    pageWaiting: {
      description: 'A page opened during the check and waits for it to end.',
      on: {
        'route.entering': {
          actions: { type: 'keepPage', params: ({ event }) => event },
          description: 'Another page opens during the check: it replaces the one that waited.',
        },
        'session.changed': {
          guard: 'isSettled',
          target: 'settled',
          actions: [{ type: 'keepUser', params: ({ event }) => event.user }, 'enterWaitingPage'],
          description: 'The check is done: the page that waited is decided for whoever is now signed in.',
        },
      },
    },
  },
});
