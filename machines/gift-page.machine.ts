// The public gift page (/gift/{token}): load the gift; before its reveal date it stays locked (no
// song); once revealed the recipient listens and may send the artist one thank-you note. A note
// already sent (now or earlier, a 409) replaces the form with a word that it was.
import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { issuesToFieldErrors } from '../contracts/auth';
import type { FieldErrors } from '../contracts/http';
import { type Gift, thanksSchema } from '../contracts/lifecycle';
import { hasFieldErrors, notProvided, readFailure, withoutField } from './api-error';
import type {
  GiftPageContext,
  GiftPageEvent,
  GiftPageInput,
  GiftPageTag,
  SendThanksInput,
  ThanksValues,
} from './gift-page.types';

export type * from './gift-page.types';

/** thanksSchema's messages, one per field (empty when the note can be sent). */
export function validateThanks(values: ThanksValues): FieldErrors {
  const result = v.safeParse(thanksSchema, values);
  if (result.success) return {};
  const all = issuesToFieldErrors(result.issues);
  return Object.fromEntries(Object.entries(all).map(([key, list]) => [key, list.slice(0, 1)]));
}

const giftOf = (event: unknown) => (event as { output: Gift }).output;
const statusOf = (event: object) => ('error' in event ? readFailure(event.error).status : undefined);

export const giftPageMachine = setup({
  types: {
    context: {} as GiftPageContext,
    events: {} as GiftPageEvent,
    input: {} as GiftPageInput,
    tags: {} as GiftPageTag,
  },
  actors: {
    /** GET /user/gifts/{token} (no login). */
    loadGift: fromPromise<Gift, { token: string }>(notProvided('loadGift')),
    /** POST /user/gifts/{token}/thanks {name, message}. */
    sendThanks: fromPromise<unknown, SendThanksInput>(notProvided('sendThanks')),
  },
  guards: {
    isNotFound: ({ event }) => statusOf(event) === 404,
    /** Before the reveal date the server sends no song. */
    isLocked: ({ event }) => {
      const gift = giftOf(event);
      return !gift.revealed || gift.song === null;
    },
    wasThanked: ({ event }) => giftOf(event).thanked,
    isValid: ({ context }) => Object.keys(validateThanks(context.values)).length === 0,
    hasFieldErrors: ({ event }) => 'error' in event && hasFieldErrors(event.error),
    isAlreadySent: ({ event }) => statusOf(event) === 409,
  },
  actions: {
    setGift: assign(({ event }) => ({ gift: giftOf(event), loadError: null })),
    setLoadError: assign(({ event }) => ('error' in event ? { loadError: readFailure(event.error).message } : {})),
    setField: assign(({ context, event }) =>
      event.type === 'field.changed'
        ? { values: { ...context.values, [event.name]: event.value }, errors: withoutField(context.errors, event.name) }
        : {},
    ),
    showClientErrors: assign(({ context }) => ({ errors: validateThanks(context.values) })),
    setServerErrors: assign(({ event }) => ('error' in event ? { errors: readFailure(event.error).errors ?? {} } : {})),
    // Supplied by the app:
    showErrorToast: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'giftPage',
  context: ({ input }) => ({
    token: input.token,
    gift: null,
    values: { name: '', message: '' },
    errors: {},
    loadError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadGift',
        src: 'loadGift',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          { guard: 'isLocked', target: 'locked', actions: 'setGift' },
          { guard: 'wasThanked', target: 'ready.alreadyThanked', actions: 'setGift' },
          { target: 'ready', actions: 'setGift' },
        ],
        onError: [
          { guard: 'isNotFound', target: 'missing', actions: 'setLoadError' },
          { target: 'failed', actions: 'setLoadError' },
        ],
      },
    },
    missing: { tags: ['missing'] },
    failed: {
      tags: ['error'],
      on: { 'user.retry': 'loading' },
    },
    /** Before the reveal date: a friendly "opens on", no song. */
    locked: { tags: ['locked'] },
    ready: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.changed': { actions: 'setField' },
            'user.submit': [{ guard: 'isValid', target: 'sending' }, { actions: 'showClientErrors' }],
          },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'sendThanks',
            src: 'sendThanks',
            input: ({ context }) => ({
              token: context.token,
              body: { name: context.values.name.trim(), message: context.values.message.trim() },
            }),
            onDone: 'thanked',
            onError: [
              { guard: 'hasFieldErrors', target: 'editing', actions: 'setServerErrors' },
              { guard: 'isAlreadySent', target: 'alreadyThanked' },
              {
                target: 'editing',
                actions: {
                  type: 'showErrorToast',
                  params: ({ event }) => ({ message: readFailure(event.error).message }),
                },
              },
            ],
          },
        },
        /** The note just went to the artist. */
        thanked: { tags: ['thanked'] },
        /** A note for this song was sent before. */
        alreadyThanked: { tags: ['thanked'] },
      },
    },
  },
});
