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
    // Supplied by the app:
    showInfoToast: (_, _params: { message: string }) => {},
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
        'screen.watch': { actions: 'addScreen' },
        'screen.unwatch': { actions: 'removeScreen' },
        'live.hint': {
          actions: enqueueActions(({ context, event, enqueue }) => {
            if (event.type !== 'live.hint') return;
            let toasted = false;
            for (const screen of context.screens) {
              const delivery = deliveryFor(screen, event.hint);
              if (!delivery) continue;
              enqueue.sendTo(screen.ref, delivery);
              const message = delivery.type === 'item.removed' ? closedOfferMessage(event.hint) : null;
              if (message && !toasted) {
                toasted = true;
                enqueue({ type: 'showInfoToast', params: { message } });
              }
            }
          }),
        },
      },
    },
  },
});
