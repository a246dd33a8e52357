// The customer's order page: load the order, then run one action at a time (accept, ask for changes,
// rate, cancel, rebook, share as a gift) and reload the order after each, so the page always shows
// what the server now holds. Which actions exist is the order lifecycle machine's word
// (allowedEvents), never a status check here. Field messages come from the shared schemas first and
// the server's 422 second; what was typed stays until the action succeeds.
import * as v from 'valibot';
import { and, assign, fromPromise, setup } from 'xstate';
import { issuesToFieldErrors } from '../contracts/auth';
import type { FieldErrors } from '../contracts/http';
import {
  cancelSchema,
  giftSchema,
  lifecycleMessages,
  rateSchema,
  rebookSchema,
  rejectSchema,
} from '../contracts/lifecycle';
import { MAX_SELECTED_ARTISTS, type OrderDetail } from '../contracts/order';
import { hasFieldErrors, notProvided, readFailure, withoutField } from './api-error';
import type {
  CustomerAction,
  CustomerOrderCall,
  CustomerOrderCallOutput,
  CustomerOrderContext,
  CustomerOrderDrafts,
  CustomerOrderEvent,
  CustomerOrderInput,
  CustomerOrderTag,
} from './customer-order.types';
import { lifecycleEventOf } from './customer-order.types';
import { allowedEvents, lifecycleSnapshotOf } from './order-lifecycle';

export type * from './customer-order.types';
export { customerActions } from './customer-order.types';

export const emptyDrafts: CustomerOrderDrafts = {
  reject: { reason: '' },
  rate: { rating: '', review: '' },
  cancel: { reason: '' },
  rebook: { selected_artists: [] },
  gift: { reveal_on: '' },
};

/** The success toast of each action when the server sends no message. */
export const doneMessages: Record<CustomerAction, string> = {
  accept: lifecycleMessages.customerAccepted,
  reject: lifecycleMessages.customerRejected,
  rate: lifecycleMessages.rated,
  cancel: lifecycleMessages.cancelled,
  rebook: lifecycleMessages.rebooked,
  gift: lifecycleMessages.giftShared,
};

/** The order lifecycle allows this action now; a gift link is for a completed order with its song. */
export function isActionAllowed(order: OrderDetail | null, action: CustomerAction): boolean {
  if (!order) return false;
  if (action === 'gift') return order.recording !== null && lifecycleSnapshotOf(order.lifecycle).matches('completed');
  return allowedEvents(order.lifecycle, 'customer').includes(lifecycleEventOf[action]);
}

const schemas = {
  reject: rejectSchema,
  rate: rateSchema,
  cancel: cancelSchema,
  rebook: rebookSchema,
  gift: giftSchema,
} as const;

/** The body as the API reads it, before the schema's check. */
function bodyOf(action: Exclude<CustomerAction, 'accept'>, drafts: CustomerOrderDrafts): Record<string, unknown> {
  switch (action) {
    case 'rate':
      return { rating: Number(drafts.rate.rating), review: drafts.rate.review };
    case 'gift':
      return { reveal_on: drafts.gift.reveal_on === '' ? null : drafts.gift.reveal_on };
    default:
      return { ...drafts[action] };
  }
}

export type ParsedAction = { ok: true; body: Record<string, unknown> | null } | { ok: false; errors: FieldErrors };

/** The action's body checked by its shared schema: the cleaned body, or one message per field. */
export function parseAction(action: CustomerAction, drafts: CustomerOrderDrafts): ParsedAction {
  if (action === 'accept') return { ok: true, body: null };
  const result = v.safeParse(schemas[action], bodyOf(action, drafts));
  if (result.success) return { ok: true, body: result.output as Record<string, unknown> };
  const all = issuesToFieldErrors(result.issues);
  return { ok: false, errors: Object.fromEntries(Object.entries(all).map(([key, list]) => [key, list.slice(0, 1)])) };
}

/** The server's message when it sent one. */
function messageOf(output: CustomerOrderCallOutput | undefined, action: CustomerAction): string {
  const message = output?.message;
  return typeof message === 'string' && message !== '' ? message : doneMessages[action];
}

const actionOf = (event: CustomerOrderEvent): CustomerAction | null =>
  event.type === 'user.open' || event.type === 'user.submit' ? event.action : null;

export const customerOrderMachine = setup({
  types: {
    context: {} as CustomerOrderContext,
    events: {} as CustomerOrderEvent,
    input: {} as CustomerOrderInput,
    tags: {} as CustomerOrderTag,
  },
  actors: {
    /** GET /user/orders/{id}. */
    loadOrder: fromPromise<OrderDetail, { orderId: number }>(notProvided('loadOrder')),
    /** POST /user/orders/{id}/accept | reject | rate | cancel | rebook | gift. */
    runAction: fromPromise<CustomerOrderCallOutput, CustomerOrderCall>(notProvided('runAction')),
  },
  guards: {
    isNotFound: ({ event }) => 'error' in event && readFailure(event.error).status === 404,
    isAllowed: ({ context, event }) => {
      const action = actionOf(event);
      return action !== null && isActionAllowed(context.order, action);
    },
    isValid: ({ context, event }) => {
      const action = actionOf(event);
      return action !== null && parseAction(action, context.drafts).ok;
    },
    /** Asking for changes spends one of the order's revisions: she confirms it first. */
    spendsRevision: ({ event }) => actionOf(event) === 'reject',
    /** A new artist (not offered this order before), and room for one more unless it is a removal. */
    canToggleArtist: ({ context, event }) => {
      if (event.type !== 'artist.toggled' || !context.order) return false;
      const chosen = context.drafts.rebook.selected_artists;
      if (chosen.includes(event.id)) return true;
      return chosen.length < MAX_SELECTED_ARTISTS && !context.order.artists.some((a) => a.id === event.id);
    },
    hasFieldErrors: ({ event }) => 'error' in event && hasFieldErrors(event.error),
    /** 409: the order moved on meanwhile (another artist took it, a revision was used up). */
    isConflict: ({ event }) => 'error' in event && readFailure(event.error).status === 409,
  },
  actions: {
    setOrder: assign(({ event }) => ('output' in event ? { order: event.output as OrderDetail, loadError: null } : {})),
    setLoadError: assign(({ event }) => ('error' in event ? { loadError: readFailure(event.error).message } : {})),
    /** The gift form starts from the saved reveal date. */
    seedDrafts: assign(({ context }) => ({
      drafts: { ...context.drafts, gift: { reveal_on: context.order?.gift?.reveal_on ?? '' } },
    })),
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      const draft = { ...context.drafts[event.action], [event.name]: event.value };
      const errors = withoutField(context.errors[event.action] ?? {}, event.name);
      return {
        drafts: { ...context.drafts, [event.action]: draft },
        errors: { ...context.errors, [event.action]: errors },
      };
    }),
    toggleArtist: assign(({ context, event }) => {
      if (event.type !== 'artist.toggled') return {};
      const chosen = context.drafts.rebook.selected_artists;
      const selected_artists = chosen.includes(event.id)
        ? chosen.filter((id) => id !== event.id)
        : [...chosen, event.id];
      return {
        drafts: { ...context.drafts, rebook: { selected_artists } },
        errors: { ...context.errors, rebook: withoutField(context.errors.rebook ?? {}, 'selected_artists') },
      };
    }),
    openDialog: assign(({ event }) => ({ dialog: actionOf(event) })),
    /** The order moved on under an open dialog: close it if its action is no longer allowed. */
    dropStaleDialog: assign(({ context }) =>
      context.dialog && !isActionAllowed(context.order, context.dialog) ? { dialog: null } : {},
    ),
    closeDialog: assign({ dialog: null }),
    setPending: assign(({ event }) => ({ pending: actionOf(event) })),
    setPendingRevision: assign({ pending: 'reject' as const }),
    clearPending: assign({ pending: null }),
    showClientErrors: assign(({ context, event }) => {
      const action = actionOf(event);
      if (!action) return {};
      const parsed = parseAction(action, context.drafts);
      return parsed.ok ? {} : { errors: { ...context.errors, [action]: parsed.errors } };
    }),
    setServerErrors: assign(({ context, event }) =>
      context.pending && 'error' in event
        ? { errors: { ...context.errors, [context.pending]: readFailure(event.error).errors ?? {} } }
        : {},
    ),
    /** The action went through: its messages clear and its draft starts afresh (a gift keeps its saved date). */
    resetDraft: assign(({ context }) => {
      const action = context.pending;
      if (!action) return {};
      const keepDraft = action === 'accept' || action === 'gift';
      return {
        drafts: keepDraft ? context.drafts : { ...context.drafts, [action]: emptyDrafts[action] },
        errors: { ...context.errors, [action]: {} },
      };
    }),
    // Supplied by the app:
    showSuccessToast: (_, _params: { action: CustomerAction; message: string }) => {},
    showErrorToast: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'customerOrder',
  context: ({ input }) => ({
    orderId: input.orderId,
    order: null,
    dialog: null,
    pending: null,
    drafts: emptyDrafts,
    errors: {},
    loadError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The customer’s order is being read from the server.',
      tags: ['loading'],
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: {
          target: 'ready',
          actions: ['setOrder', 'seedDrafts'],
          description: 'The order is shown, with what the customer can do at its stage.',
        },
        onError: [
          // Unknown or another customer's order: a clear "not found", not an error to retry.
          {
            guard: 'isNotFound',
            target: 'missing',
            actions: 'setLoadError',
            description: "No such order, or not this customer's: the page says it was not found.",
          },
          {
            target: 'failed',
            actions: 'setLoadError',
            description: 'It could not load (offline, or the server): the customer is told and can try again.',
          },
        ],
      },
    },
    missing: { description: 'No such order, or not this customer\'s: "not found".', tags: ['missing'] },
    failed: {
      description: 'The order could not be loaded; the customer can try again.',
      tags: ['error'],
      on: { 'user.retry': { target: 'loading', description: 'The customer tries again.' } },
    },
    ready: {
      description: 'The order is shown with what the customer can do at its stage.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing is being sent; the order’s actions are offered.',
          on: {
            'field.changed': {
              actions: 'setField',
              description: 'The customer types in a dialog (a rating, changes to ask for...).',
            },
            'artist.toggled': {
              guard: 'canToggleArtist',
              actions: 'toggleArtist',
              description: 'The customer picks or unpicks an artist to rebook the order with.',
            },
            'user.open': {
              guard: 'isAllowed',
              actions: 'openDialog',
              description: 'The customer opens the dialog of an action the order allows at its stage.',
            },
            'user.close': {
              actions: 'closeDialog',
              description: 'The customer closes the dialog; what was typed stays.',
            },
            'live.changed': {
              target: 'catchingUp',
              description: 'The order changed elsewhere (the artist delivered...): its new state is read quietly.',
            },
            'user.submit': [
              {
                guard: and(['isAllowed', 'isValid', 'spendsRevision']),
                target: 'confirming',
                // The confirmation shows in the dialog, whichever way she got here.
                actions: 'openDialog',
                description:
                  'Her notes for the artist are filled in right: before one of her revisions is used, she is asked to confirm.',
              },
              {
                guard: and(['isAllowed', 'isValid']),
                target: 'running',
                actions: 'setPending',
                description: 'The customer sends an allowed action, filled in right.',
              },
              // Allowed but not filled in right: the schema's messages under the fields, nothing sent.
              {
                guard: 'isAllowed',
                actions: 'showClientErrors',
                description: 'The action is not filled in right: the fields say what to fix, and nothing is sent.',
              },
            ],
          },
        },
        confirming: {
          description:
            'She is asked to confirm using one of her revisions, told how many remain after it; nothing is spent yet.',
          on: {
            'user.confirm': {
              target: 'running',
              actions: 'setPendingRevision',
              description: 'She confirms: her notes go to the artist and one revision is used.',
            },
            'user.back': {
              target: 'idle',
              description: 'She goes back to her notes: nothing is spent and what she typed stays.',
            },
            'user.close': {
              target: 'idle',
              actions: 'closeDialog',
              description: 'She closes the dialog: nothing is spent and what she typed stays.',
            },
            'live.changed': {
              target: 'catchingUp',
              description:
                'The order changed elsewhere while she decides: its new state is read, and she is back at her notes.',
            },
          },
        },
        running: {
          description: 'An action (accept, reject, rate, cancel, rebook, share) is with the server.',
          tags: ['busy'],
          invoke: {
            id: 'runAction',
            src: 'runAction',
            input: ({ context }) => {
              const action = context.pending ?? 'accept';
              const parsed = parseAction(action, context.drafts);
              return { orderId: context.orderId, action, body: parsed.ok ? parsed.body : null };
            },
            onDone: {
              target: 'reloading',
              actions: [
                {
                  type: 'showSuccessToast',
                  params: ({ context, event }) => {
                    const action = context.pending ?? 'accept';
                    return { action, message: messageOf(event.output, action) };
                  },
                },
                'resetDraft',
                'closeDialog',
              ],
              description: 'Done: the customer sees a confirmation and the order reloads.',
            },
            onError: [
              // The fields say what to fix; the dialog stays open with what was typed.
              {
                guard: 'hasFieldErrors',
                target: 'idle',
                actions: ['setServerErrors', 'clearPending'],
                description:
                  'The server refused some answers: the fields say what to fix; the dialog stays open with what was typed.',
              },
              {
                guard: 'isConflict',
                target: 'reloading',
                actions: [
                  'closeDialog',
                  { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
                ],
                description: 'The order moved on meanwhile: the customer is told and the order reloads.',
              },
              {
                target: 'idle',
                actions: [
                  'clearPending',
                  { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
                ],
                description: 'It failed (offline, or the server): the customer is told and can try again.',
              },
            ],
          },
        },
        catchingUp: {
          description: 'The order changed elsewhere: its new state is read quietly (a failure leaves what is shown).',
          tags: ['reloading'],
          invoke: {
            id: 'loadOrder',
            src: 'loadOrder',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: {
              target: 'idle',
              actions: ['setOrder', 'dropStaleDialog'],
              description: 'The order shows its new state; a dialog for an action no longer allowed closes.',
            },
            onError: { target: 'idle', description: 'It could not be read: what is shown stays.' },
          },
          // Another change while this answer is on its way: it may predate it, so ask again.
          on: {
            'live.changed': {
              target: 'catchingUp',
              reenter: true,
              description: 'Another change while reading: it is read again, as the answer on its way may predate it.',
            },
          },
        },
        reloading: {
          description: 'After an action: the order is read again, to show its new state.',
          tags: ['reloading'],
          invoke: {
            id: 'loadOrder',
            src: 'loadOrder',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: {
              target: 'idle',
              actions: ['setOrder', 'clearPending'],
              description: 'The order shows its new state.',
            },
            onError: {
              target: 'idle',
              actions: [
                'clearPending',
                { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
              ],
              description: 'It could not be read: the customer is told; what is shown stays.',
            },
          },
        },
      },
    },
  },
});
