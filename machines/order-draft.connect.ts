// View model of the order flow (/order/occasion … /order/checkout): the steps with their progress and
// reachability, the forms and their server errors, the song step's artist selection, the story clips,
// the server's price and dates, and what can be done now. Route guards use isDraftSettled and
// redirectFor (order-steps.ts); components never match raw state names.
import type { SnapshotFrom } from 'xstate';
import { type ClipSlot, MAX_SELECTED_ARTISTS } from '../contracts/order';
import type { orderDraftMachine } from './order-draft.machine';
import type { FormStep, OrderStep } from './order-draft.types';
import { firstOpenStep, isOrderPlaced, orderStepPaths, orderSteps } from './order-steps';

type OrderDraftSnapshot = SnapshotFrom<typeof orderDraftMachine>;

/** The step whose page the machine has open (editing), or null. */
function openStepOf(snapshot: OrderDraftSnapshot): OrderStep | null {
  return orderSteps.find((step) => snapshot.matches({ editing: step })) ?? null;
}

/** The step whose call is in flight, or null. */
function busyStepOf(snapshot: OrderDraftSnapshot): OrderStep | null {
  if (snapshot.matches({ saving: 'creating' })) return 'occasion';
  const saving = (['occasion', 'song', 'story'] as const).find((step) => snapshot.matches({ saving: step }));
  if (saving) return saving;
  if (snapshot.matches('committing')) return 'review';
  if (snapshot.matches('paying')) return 'checkout';
  return null;
}

export function connectOrderDraft(snapshot: OrderDraftSnapshot) {
  const { completed, hasPendingOrder, checkoutPending, forms, errors, tempOrder, order, paymentMethod, lastError } =
    snapshot.context;
  const openStep = openStepOf(snapshot);
  const selected = forms.song.selected_artists;
  const serverClip = (slot: ClipSlot) => tempOrder?.story?.[slot] ?? null;
  return {
    /** Nobody is signed in: the steps are kept in this browser; review asks to sign up or log in. */
    guest: snapshot.context.guest,
    /**
     * "Continue your order for {name}": a draft with its occasion done, and where it continues (the
     * furthest step reached); null when there is nothing to continue. "Start over" sends draft.discard.
     */
    continueOrder:
      completed.occasion && hasPendingOrder && !isOrderPlaced(completed, hasPendingOrder)
        ? {
            recipient: forms.occasion.recipient_first_name,
            path: orderStepPaths[firstOpenStep(completed, hasPendingOrder)],
          }
        : null,
    canStartOver: snapshot.can({ type: 'draft.discard' }),
    busy: snapshot.hasTag('busy'),
    saving: snapshot.hasTag('saving'),
    restoring: snapshot.hasTag('restoring'),
    leaving: snapshot.hasTag('leaving'),
    openStep,
    /** The step whose save, commit or checkout is in flight. */
    busyStep: busyStepOf(snapshot),
    orderId: snapshot.context.orderId,
    hasPendingOrder,
    checkoutPending,
    /** "Place order" went through: its parts can no longer change (the review's Edit links give way to a note). */
    placed: isOrderPlaced(completed, hasPendingOrder),
    completed,
    steps: orderSteps.map((step) => ({
      step,
      path: orderStepPaths[step],
      done: step === 'checkout' ? false : completed[step],
      open: openStep === step,
      /** docs/product.md §2: its guard allows it now (false while a call is in flight). */
      canOpen: snapshot.can({ type: 'step.open', step }),
    })),
    forms,
    canSave: (step: FormStep) => snapshot.can({ type: 'step.save', step }),
    canCommit: snapshot.can({ type: 'review.commit' }),
    canPay: (paymentMethod: string) => snapshot.can({ type: 'checkout.pay', paymentMethod }),
    /** The first server message for a field of a step, if any. */
    errorOf: (step: OrderStep, name: string): string | undefined => errors[step][name]?.[0],
    errorsOf: (step: OrderStep, name: string): string[] => errors[step][name] ?? [],
    /** Server messages under keys that are not fields of the step's form (for an alert above it). */
    otherErrorsOf: (step: OrderStep): string[] => {
      const fields: object = step === 'occasion' || step === 'song' || step === 'story' ? forms[step] : {};
      return Object.entries(errors[step])
        .filter(([key]) => !(key in fields))
        .flatMap(([, messages]) => messages);
    },
    lastError,
    selectedArtists: selected,
    isArtistSelected: (id: string) => selected.includes(id),
    /** docs/product.md §5: further artists can be selected only below the cap. */
    canSelectMoreArtists: selected.length < MAX_SELECTED_ARTISTS,
    canToggleArtist: (id: string) => snapshot.can({ type: 'artists.toggle', id }),
    maxArtists: MAX_SELECTED_ARTISTS,
    /** A story clip slot: its temporary location and, when the server's draft has it, a URL to play it. */
    clipOf: (slot: ClipSlot) => {
      const location = forms.story[slot];
      const saved = serverClip(slot);
      return { temp_location: location, url: saved && saved.temp_location === location ? saved.url : null };
    },
    /** A take or upload is under way in a clip slot: saving the story now would lose it. */
    clipsPending: snapshot.context.pendingClips.length > 0,
    /** The server's price for the selected artists (whole pesos), once the song step is saved. */
    price: order?.price ?? tempOrder?.price ?? null,
    /** The add-ons the server priced (rush, extra revisions, each with its part of `price`), once saved. */
    addOns: tempOrder?.add_ons ?? null,
    /** Each saved artist's price for this order, add-ons included: the price rule's rates (chargeRuleText). */
    savedPrices: (tempOrder?.song?.artists ?? []).map((a) => a.price),
    /** The earliest needed-by date the selected artists can make (yyyy-mm-dd), from the server. */
    earliestNeededBy: tempOrder?.earliest_needed_by ?? null,
    /** The saved artists with their names and rates, for the review page. */
    savedArtists: tempOrder?.song?.artists ?? [],
    order,
    paymentMethod,
  };
}
