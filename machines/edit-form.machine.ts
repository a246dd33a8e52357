// A form that edits something already saved (the customer's profile, a password): values as typed,
// the server's per-field errors (each cleared when its field is edited), saving, and a saved state
// that returns to editing on the next edit. The app supplies `submitForm` and what follows a save.
import { assign, fromPromise, setup } from 'xstate';
import type { FieldErrors } from '../contracts/http';
import { hasFieldErrors, notProvided, readFailure, withoutField } from './api-error';

export type FormValues = Record<string, string>;

export interface EditFormContext {
  values: FormValues;
  /** What was last saved, so "reset" can return to it. */
  saved: FormValues;
  errors: FieldErrors;
}

export type EditFormEvent =
  | { type: 'field.changed'; name: string; value: string }
  | { type: 'values.loaded'; values: FormValues }
  | { type: 'user.submit' }
  | { type: 'user.reset' };

export const editFormMachine = setup({
  types: {
    context: {} as EditFormContext,
    events: {} as EditFormEvent,
    input: {} as { values: FormValues },
    tags: {} as 'busy' | 'saved',
  },
  actors: {
    submitForm: fromPromise<unknown, FormValues>(notProvided('submitForm')),
  },
  guards: {
    hasFieldErrors: ({ event }) => 'error' in event && hasFieldErrors(event.error),
  },
  actions: {
    setField: assign(({ context, event }) =>
      event.type === 'field.changed'
        ? { values: { ...context.values, [event.name]: event.value }, errors: withoutField(context.errors, event.name) }
        : {},
    ),
    load: assign(({ event }) =>
      event.type === 'values.loaded' ? { values: event.values, saved: event.values, errors: {} } : {},
    ),
    markSaved: assign(({ context }) => ({ saved: context.values, errors: {} })),
    setErrors: assign(({ event }) => ('error' in event ? { errors: readFailure(event.error).errors ?? {} } : {})),
    resetValues: assign(({ context }) => ({ values: context.saved, errors: {} })),
    // Supplied by the app:
    onSaved: (_, _params: { output: unknown }) => {},
    showErrorToast: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'editForm',
  context: ({ input }) => ({ values: input.values, saved: input.values, errors: {} }),
  initial: 'editing',
  states: {
    editing: {
      description:
        "The person edits what is saved (their profile, their password); the server's errors show under the fields.",
      on: {
        'field.changed': { actions: 'setField', description: 'The person types in a field; its error clears.' },
        'values.loaded': { actions: 'load', description: 'The saved values arrive: the form shows them.' },
        'user.submit': { target: 'saving', description: 'The person saves.' },
        'user.reset': {
          actions: 'resetValues',
          description: 'The person drops their changes: the saved values show again.',
        },
      },
    },
    saving: {
      description: 'The changes are being saved.',
      tags: ['busy'],
      invoke: {
        id: 'submitForm',
        src: 'submitForm',
        input: ({ context }) => context.values,
        onDone: {
          target: 'saved',
          actions: ['markSaved', { type: 'onSaved', params: ({ event }) => ({ output: event.output }) }],
          description: 'Saved: the person sees it, and the page moves on if it should.',
        },
        onError: [
          {
            guard: 'hasFieldErrors',
            target: 'editing',
            actions: 'setErrors',
            description: 'The server refused some answers: the fields say what to fix.',
          },
          {
            target: 'editing',
            actions: { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
            description: 'It failed (offline, or the server): the person is told and can save again.',
          },
        ],
      },
    },
    saved: {
      description: 'Saved; the next edit starts editing again.',
      tags: ['saved'],
      on: {
        'field.changed': { target: 'editing', actions: 'setField', description: 'The person edits again.' },
        'values.loaded': {
          target: 'editing',
          actions: 'load',
          description: 'Newer saved values arrive: the form shows them.',
        },
        'user.submit': { target: 'saving', description: 'The person saves again.' },
      },
    },
  },
});
