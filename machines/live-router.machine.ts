// Routes live hints to the open screens that show what changed. Screens register while they are open
// (`screen.watch` with their actor and what they show) and leave (`screen.unwatch`). A hint goes to
// every screen it concerns (live.ts `concerns`): each gets the event it asked for (a list its
// `user.refresh`, an order page `live.changed`); a list of open offers takes out an offer that closed,
// with a toast saying why. The app supplies `showInfoToast`.
import { type AnyActorRef, assign, type EventObject, enqueueActions, setup } from 'xstate';
import { closedOfferMessage, concerns, isClosedOffer, type LiveHint, type LiveWatch } from './live';

export interface LiveScreen {
  ref: AnyActorRef;
  watch: LiveWatch;
  /** What the screen is sent when a hint concerns it. */
  onChange: EventObject;
  /** A list of open offers: a closed offer's order is taken out (`item.removed`) rather than refetched. */
  removesClosedOffers?: boolean;
}

export interface LiveRouterContext {
  screens: LiveScreen[];
}

export type LiveRouterEvent =
  | ({ type: 'screen.watch' } & LiveScreen)
  | { type: 'screen.unwatch'; ref: AnyActorRef }
  | { type: 'live.hint'; hint: LiveHint };

export type LiveDelivery = { type: 'item.removed'; id: number } | (EventObject & { hint: LiveHint });

/** The event a screen gets for a hint; null when the hint does not concern it. */
export function deliveryFor(screen: LiveScreen, hint: LiveHint): LiveDelivery | null {
  if (!concerns(screen.watch, hint)) return null;
  if (screen.removesClosedOffers && isClosedOffer(hint) && hint.orderId !== null)
    return { type: 'item.removed', id: hint.orderId };
  return { ...screen.onChange, hint };
}

/** The toast for a hint that takes a closed offer out of an open list; null when no list shows it. */
function closedOfferToast(screens: readonly LiveScreen[], hint: LiveHint): string | null {
  const removes = screens.some((screen) => deliveryFor(screen, hint)?.type === 'item.removed');
  return removes ? closedOfferMessage(hint) : null;
}

export const liveRouterMachine = setup({
  types: {
    context: {} as LiveRouterContext,
    events: {} as LiveRouterEvent,
  },
  actions: {
    addScreen: assign(({ context, event }) =>
      event.type === 'screen.watch'
        ? {
            screens: [
              ...context.screens.filter((s) => s.ref !== event.ref),
              {
                ref: event.ref,
                watch: event.watch,
                onChange: event.onChange,
                removesClosedOffers: event.removesClosedOffers ?? false,
              },
            ],
          }
        : {},
    ),
    removeScreen: assign(({ context, event }) =>
      event.type === 'screen.unwatch' ? { screens: context.screens.filter((s) => s.ref !== event.ref) } : {},
    ),
    /** Each open screen the hint concerns gets the event it asked for. */
    routeHint: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'live.hint') return;
      for (const screen of context.screens) {
        const delivery = deliveryFor(screen, event.hint);
        if (delivery) enqueue.sendTo(screen.ref, delivery);
      }
    }),
    // Supplied by the app:
    showInfoToast: (_, _params: { message: string }) => {},
  },
  guards: {
    /** The hint takes a closed offer out of a list on screen: say why, once. */
    isClosingAShownOffer: ({ context, event }) =>
      event.type === 'live.hint' && closedOfferToast(context.screens, event.hint) !== null,
  },
}).createMachine({
  id: 'liveRouter',
  context: { screens: [] },
  initial: 'routing',
  states: {
    /** Always listening: screens come and go, hints are passed on as they arrive. */
    routing: {
      description: 'Open screens register what they show; each hint goes to the screens it concerns.',
      on: {
        'screen.watch': {
          actions: 'addScreen',
          description: 'A screen opens (a list, an order page): it will be refreshed when what it shows changes.',
        },
        'screen.unwatch': { actions: 'removeScreen', description: 'A screen closes.' },
        'live.hint': [
          {
            guard: 'isClosingAShownOffer',
            actions: [
              'routeHint',
              {
                type: 'showInfoToast',
                params: ({ context, event }) => ({ message: closedOfferToast(context.screens, event.hint) ?? '' }),
              },
            ],
            description:
              'An offer on screen closed (taken by another artist, withdrawn, expired): it leaves the list, with a message why.',
          },
          {
            actions: 'routeHint',
            description: 'Something changed on the server: each open screen it concerns refreshes.',
          },
        ],
      },
    },
  },
});
