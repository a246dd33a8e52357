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
      description: 'The gift is being read.',
      tags: ['loading'],
      invoke: {
        id: 'loadGift',
        src: 'loadGift',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          {
            guard: 'isLocked',
            target: 'locked',
            actions: 'setGift',
            description: 'Before its reveal date: the recipient sees when it opens.',
          },
          {
            guard: 'wasThanked',
            target: 'ready.alreadyThanked',
            actions: 'setGift',
            description:
              'Revealed, and a thank-you note was sent already: the recipient listens, and sees that the note was sent.',
          },
          {
            target: 'ready',
            actions: 'setGift',
            description: 'Revealed: the recipient listens and may thank the artist.',
          },
        ],
        onError: [
          {
            guard: 'isNotFound',
            target: 'missing',
            actions: 'setLoadError',
            description: 'No such gift (a wrong or old link): the page says it was not found.',
          },
          {
            target: 'failed',
            actions: 'setLoadError',
            description: 'It could not load (offline, or the server): the recipient is told and can try again.',
          },
        ],
      },
    },
    missing: { description: 'No such gift: "not found".', tags: ['missing'] },
    failed: {
      description: 'The gift could not load; the recipient can try again.',
      tags: ['error'],
      on: { 'user.retry': { target: 'loading', description: 'The recipient tries again.' } },
    },
    locked: { description: 'Before the reveal date: a friendly "opens on", no song yet.', tags: ['locked'] },
    ready: {
      description: 'The gift is revealed: the recipient listens to the song.',
      initial: 'editing',
      states: {
        editing: {
          description: 'The recipient may write the artist a thank-you note.',
          on: {
            'field.changed': { actions: 'setField', description: 'The recipient types their name or the note.' },
            'user.submit': [
              { guard: 'isValid', target: 'sending', description: 'The recipient sends the note.' },
              {
                actions: 'showClientErrors',
                description: 'Something is missing or too long: the fields say what to fix.',
              },
            ],
          },
        },
        sending: {
          description: 'The note is being sent to the artist.',
          tags: ['busy'],
          invoke: {
            id: 'sendThanks',
            src: 'sendThanks',
            input: ({ context }) => ({
              token: context.token,
              body: { name: context.values.name.trim(), message: context.values.message.trim() },
            }),
            onDone: { target: 'thanked', description: 'Sent: the recipient is thanked for it.' },
            onError: [
              {
                guard: 'hasFieldErrors',
                target: 'editing',
                actions: 'setServerErrors',
                description: 'The server refused some answers: the fields say what to fix.',
              },
              {
                guard: 'isAlreadySent',
                target: 'alreadyThanked',
                description: 'A note for this song was sent already: the form gives way to saying so.',
              },
              {
                target: 'editing',
                actions: {
                  type: 'showErrorToast',
                  params: ({ event }) => ({ message: readFailure(event.error).message }),
                },
                description: 'It failed (offline, or the server): the recipient is told and can send again.',
              },
            ],
          },
        },
        thanked: { description: 'The note just went to the artist.', tags: ['thanked'] },
        alreadyThanked: {
          description: 'A note for this song was sent before; only one is allowed.',
          tags: ['thanked'],
        },
      },
    },
  },
});
