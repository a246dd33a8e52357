// docs/product.md §4 Tour: it starts tour.delayMs after a page load, only for an approved artist who is offline,
// on the first login and without a featured song; removing the featured song under the same
// conditions starts it again. Okay, Finish and Skip mark the first login done on the server
// (markFirstLoginDone), then in the session (setLocalFirstLoginDone); after that it never starts
// again for that account. It is a long-lived child of the app's root (systemId `tour`): the root
// tells it when the signed-in user changes, the artist frame tells it when a page loads or is left.
import { assign, fromPromise, sendTo, setup } from 'xstate';
import { tour } from '../contracts/constants';
import { notProvided } from './api-error';
import type { SessionEvent } from './session.types';
import type { TourContext, TourEvent, TourFacts, TourInput, TourStep, TourTag } from './tour.types';

export type * from './tour.types';

/** The session actor's systemId (machines/app.machine.ts): it keeps the signed-in user. */
const tourSessionId = 'session';
const firstLoginDoneLocally: Extract<SessionEvent, { type: 'user.updated' }> = {
  type: 'user.updated',
  user: { is_first_time_login: 0 },
};

/** The tour's one step: the online switch (docs/product.md §4 Tour, §9 labels). */
export const tourSteps: readonly TourStep[] = [
  { target: '[data-tour="online-switch"]', content: tour.stepText, locale: tour.labels, skipBeacon: true },
];

/** docs/product.md §4: approved, offline, on the first login and without a featured song. */
export function isTourDue(facts: TourFacts): boolean {
  return facts.approved && !facts.isOnline && facts.isFirstTimeLogin && !facts.hasFeaturedSong;
}

const factsOf = (event: TourFacts): TourFacts => ({
  approved: event.approved,
  isOnline: event.isOnline,
  isFirstTimeLogin: event.isFirstTimeLogin,
  hasFeaturedSong: event.hasFeaturedSong,
});

export const tourMachine = setup({
  types: {
    context: {} as TourContext,
    events: {} as TourEvent,
    input: {} as TourInput | undefined,
    tags: {} as TourTag,
  },
  actors: {
    /** PATCH /auth/first-time-login; the answer is not read. */
    markFirstLoginDone: fromPromise<unknown, void>(notProvided('markFirstLoginDone')),
  },
  guards: {
    isFirstLoginOver: ({ context }) => !context.isFirstTimeLogin,
    isTourDue: ({ context }) => isTourDue(context),
    /** The user says the first login is over (the online switch, or another tab, did it). */
    hasFinishedFirstLogin: ({ event }) => event.type === 'user.changed' && !event.isFirstTimeLogin,
    /** The featured song was just removed and the other conditions hold: start again. */
    hasRemovedFeaturedSong: ({ context, event }) =>
      event.type === 'user.changed' && context.hasFeaturedSong && isTourDue(factsOf(event)),
    isTourNoLongerDue: ({ event }) => event.type === 'user.changed' && !isTourDue(factsOf(event)),
    hasNextStep: ({ context }) => context.stepIndex < tourSteps.length - 1,
    hasPreviousStep: ({ context }) => context.stepIndex > 0,
  },
  delays: {
    tourDelay: tour.delayMs,
  },
  actions: {
    setFacts: assign(({ event }) =>
      event.type === 'user.changed' || event.type === 'account.changed' ? factsOf(event) : {},
    ),
    showFirstStep: assign({ stepIndex: 0 }),
    showNextStep: assign(({ context }) => ({ stepIndex: context.stepIndex + 1 })),
    showPreviousStep: assign(({ context }) => ({ stepIndex: context.stepIndex - 1 })),
    hideSteps: assign({ stepIndex: tour.notRunningIndex }),
    /**
     * The app closes the toasts on screen: the sign-in's "Welcome back" (top right, docs/product.md §9) would
     * otherwise cover the online switch the card points at for its last four seconds.
     */
    clearToasts: () => {},
    setFirstLoginOver: assign({ isFirstTimeLogin: false }),
    /** docs/product.md §4: the local first-login flag becomes 0 (the session actor keeps the user). */
    setLocalFirstLoginDone: sendTo(({ system }) => system.get(tourSessionId), firstLoginDoneLocally),
  },
}).createMachine({
  id: 'tour',
  context: ({ input }) => ({
    approved: input?.approved ?? false,
    isOnline: input?.isOnline ?? false,
    isFirstTimeLogin: input?.isFirstTimeLogin ?? false,
    hasFeaturedSong: input?.hasFeaturedSong ?? false,
    stepIndex: tour.notRunningIndex,
  }),
  initial: 'checking',
  on: {
    'account.changed': {
      target: '.checking',
      reenter: true,
      actions: 'setFacts',
      description:
        'Another account signed in (or nobody is): whether to show the tour is decided again, from the start.',
    },
  },
  states: {
    checking: {
      description: 'Decides at the start (and for each new account) whether the first login is already over.',
      always: [
        {
          guard: 'isFirstLoginOver',
          target: 'done',
          description: "This artist's first login is over: the tour never shows.",
        },
        { target: 'idle', description: 'A first login: the tour may show on a page load.' },
      ],
    },
    idle: {
      description: 'Not shown; a page load (or the featured song’s removal) may start it.',
      on: {
        'page.loaded': {
          guard: 'isTourDue',
          target: 'waiting',
          description:
            'A page loads for an approved, offline artist on their first login without a featured song: the tour shows a second later.',
        },
        'user.changed': [
          {
            guard: 'hasFinishedFirstLogin',
            target: 'done',
            actions: 'setFacts',
            description: 'The first login is now over: the tour never shows again.',
          },
          {
            guard: 'hasRemovedFeaturedSong',
            target: 'waiting',
            actions: 'setFacts',
            description:
              'The artist removed their featured song on their first login: the tour shows again a second later.',
          },
          { actions: 'setFacts', description: 'The account changed in another way: nothing to show.' },
        ],
      },
    },
    waiting: {
      description: 'The second after the page load; a change that makes the tour not due cancels it.',
      after: {
        tourDelay: {
          target: 'running',
          actions: 'showFirstStep',
          description: "A second later: the tour's first card shows at the online switch.",
        },
      },
      on: {
        'page.left': {
          target: 'idle',
          description:
            'The artist left the page (another area, or the switch went away): the next page load starts again.',
        },
        'user.changed': [
          {
            guard: 'hasFinishedFirstLogin',
            target: 'done',
            actions: 'setFacts',
            description: 'The first login is now over: the tour never shows again.',
          },
          {
            guard: 'isTourNoLongerDue',
            target: 'idle',
            actions: 'setFacts',
            description: 'The tour is no longer due (the artist went online, say): it does not show.',
          },
          { actions: 'setFacts', description: 'The account changed in another way: the tour still shows.' },
        ],
      },
    },
    running: {
      description: 'On screen at the online switch: the page is dimmed and body scrolling is locked.',
      tags: ['running', 'dimmed', 'scrollLocked'],
      entry: 'clearToasts',
      exit: 'hideSteps',
      on: {
        'tour.next': [
          { guard: 'hasNextStep', actions: 'showNextStep', description: 'The artist goes to the next card.' },
          { target: 'finishing', description: 'Next on the last card: the tour ends.' },
        ],
        'tour.previous': {
          guard: 'hasPreviousStep',
          actions: 'showPreviousStep',
          description: 'The artist goes back a card.',
        },
        'tour.okay': { target: 'finishing', description: 'The artist presses Okay: the tour ends.' },
        'tour.finish': { target: 'finishing', description: 'The artist presses Finish: the tour ends.' },
        'tour.skip': { target: 'finishing', description: 'The artist skips the tour: it ends.' },
        'tour.targetMissing': {
          target: 'idle',
          description:
            'The online switch is not on this page: the tour closes without counting, so a later page load shows it again.',
        },
        'page.left': {
          target: 'idle',
          description: 'The artist left the page: the tour closes; the next page load shows it again.',
        },
        'user.changed': [
          {
            guard: 'hasFinishedFirstLogin',
            target: 'done',
            actions: 'setFacts',
            description: 'The first login is now over (in another tab, say): the tour closes for good.',
          },
          {
            guard: 'isTourNoLongerDue',
            target: 'idle',
            actions: 'setFacts',
            description: 'The tour is no longer due (the artist went online, say): it closes.',
          },
          { actions: 'setFacts', description: 'The account changed in another way: the tour stays.' },
        ],
      },
    },
    finishing: {
      description: 'Skip tour, Finish or Okay was pressed: PATCH /auth/first-time-login; the card is gone.',
      tags: ['busy'],
      invoke: {
        id: 'markFirstLoginDone',
        src: 'markFirstLoginDone',
        onDone: {
          target: 'done',
          actions: ['setFirstLoginOver', 'setLocalFirstLoginDone'],
          description: 'Saved: the tour will not show again for this account.',
        },
        // The server still counts a first login: the tour may show again on a later load.
        onError: {
          target: 'idle',
          description: 'It could not be saved: the tour may show again on a later page load.',
        },
      },
      on: { 'user.changed': { actions: 'setFacts', description: 'The account changed meanwhile: it is noted.' } },
    },
    done: { description: 'The first login is over: nothing starts the tour again for this account.' },
  },
});
