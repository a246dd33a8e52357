// The mail preferences of the account settings (issue 14): load the person's choices, then each
// switch saves at once. The switch shows the new value while saving and returns to the saved one if
// the server refuses. The app supplies `loadPreferences` and `savePreferences`.
import { assign, fromPromise, setup } from 'xstate';
import type { MailCategory, MailPreferences } from '../contracts/mail';
import { notProvided, readFailure } from './api-error';

export interface MailPreferencesContext {
  /** What the switches show. */
  preferences: MailPreferences;
  /** What the server last confirmed. */
  saved: MailPreferences;
  /** The change being saved. */
  change: { category: MailCategory; on: boolean } | null;
  /** The last failure (load or save), for the page to show. */
  error: string | null;
}

export type MailPreferencesEvent =
  | { type: 'user.toggle'; category: MailCategory; on: boolean }
  | { type: 'user.retry' };

export const mailPreferencesMachine = setup({
  types: {
    context: {} as MailPreferencesContext,
    events: {} as MailPreferencesEvent,
    tags: {} as 'busy' | 'saved' | 'failed',
  },
  actors: {
    loadPreferences: fromPromise<MailPreferences>(notProvided('loadPreferences')),
    savePreferences: fromPromise<MailPreferences, MailPreferences>(notProvided('savePreferences')),
  },
  actions: {
    setLoaded: assign((_, params: { preferences: MailPreferences }) => ({
      preferences: params.preferences,
      saved: params.preferences,
      error: null,
    })),
    setChange: assign(({ context, event }) =>
      event.type === 'user.toggle'
        ? {
            change: { category: event.category, on: event.on },
            preferences: { ...context.preferences, [event.category]: event.on },
            error: null,
          }
        : {},
    ),
    revertChange: assign(({ context }, params: { message: string }) => ({
      preferences: context.saved,
      change: null,
      error: params.message,
    })),
    setError: assign((_, params: { message: string }) => ({ error: params.message })),
    clearChange: assign({ change: null }),
  },
}).createMachine({
  id: 'mailPreferences',
  context: { preferences: {}, saved: {}, change: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: "Reads the person's mail choices.",
      tags: ['busy'],
      invoke: {
        id: 'loadPreferences',
        src: 'loadPreferences',
        onDone: {
          target: 'ready',
          actions: { type: 'setLoaded', params: ({ event }) => ({ preferences: event.output }) },
          description: "The switches show the person's choices.",
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'setError', params: ({ event }) => ({ message: readFailure(event.error).message }) },
          description: 'The choices could not be read: the person is told and can try again.',
        },
      },
    },
    loadFailed: {
      description: 'The choices could not be read; the person may try again.',
      tags: ['failed'],
      on: { 'user.retry': { target: 'loading', description: 'The person tries again.' } },
    },
    ready: {
      description: 'The switches show the saved choices; flipping one saves it.',
      on: {
        'user.toggle': {
          target: 'saving',
          actions: 'setChange',
          description: 'The person flips a switch: the change is saved at once.',
        },
      },
    },
    saving: {
      description: 'One change is on its way; the switches wait for it.',
      tags: ['busy'],
      invoke: {
        id: 'savePreferences',
        src: 'savePreferences',
        input: ({ context }) => (context.change ? { [context.change.category]: context.change.on } : {}),
        onDone: {
          target: 'saved',
          actions: [{ type: 'setLoaded', params: ({ event }) => ({ preferences: event.output }) }, 'clearChange'],
          description: 'Saved: the page says so.',
        },
        onError: {
          target: 'ready',
          actions: { type: 'revertChange', params: ({ event }) => ({ message: readFailure(event.error).message }) },
          description: 'The change was refused or failed: the switch goes back and the person is told why.',
        },
      },
    },
    saved: {
      description: 'The last change is saved (the page says so); the next flip saves again.',
      tags: ['saved'],
      on: {
        'user.toggle': {
          target: 'saving',
          actions: 'setChange',
          description: 'The person flips another switch: it is saved at once.',
        },
      },
    },
  },
});
