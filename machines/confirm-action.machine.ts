// An action that asks first ("Are you sure?") and then calls the server: deactivating an account,
// cancelling an order. The app supplies the call and what happens after it.
import { assign, fromPromise, setup } from 'xstate';
import { notProvided, readFailure } from './api-error';

export const confirmActionMachine = setup({
  types: {
    context: {} as { error: string | null },
    events: {} as { type: 'user.request' } | { type: 'user.confirm' } | { type: 'user.cancel' },
    tags: {} as 'confirming' | 'busy',
  },
  actors: {
    runAction: fromPromise<unknown>(notProvided('runAction')),
  },
  actions: {
    setError: assign(({ event }) => ('error' in event ? { error: readFailure(event.error).message } : {})),
    clearError: assign({ error: null }),
    // Supplied by the app:
    onDone: (_, _params: { output: unknown }) => {},
    showErrorToast: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'confirmAction',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing asked yet (or the last try failed: its message shows).',
      on: {
        'user.request': {
          target: 'confirming',
          actions: 'clearError',
          description: 'The person chooses the action (deactivate, cancel...): "Are you sure?"',
        },
      },
    },
    confirming: {
      description: '"Are you sure?": the person confirms or cancels.',
      tags: ['confirming'],
      on: {
        'user.confirm': { target: 'running', description: 'The person confirms: the action is sent.' },
        'user.cancel': { target: 'idle', description: 'The person cancels: nothing changes.' },
      },
    },
    running: {
      description: 'The action is being carried out; the question shows it busy.',
      tags: ['confirming', 'busy'],
      invoke: {
        id: 'runAction',
        src: 'runAction',
        onDone: {
          target: 'done',
          actions: { type: 'onDone', params: ({ event }) => ({ output: event.output }) },
          description: 'Done: the page moves on (the app decides where).',
        },
        onError: {
          target: 'idle',
          actions: [
            'setError',
            { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
          ],
          description: 'It failed: the person is told and can ask again.',
        },
      },
    },
    done: { description: 'The action is done.', type: 'final' },
  },
});
