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
    idle: { on: { 'user.request': { target: 'confirming', actions: 'clearError' } } },
    confirming: {
      tags: ['confirming'],
      on: { 'user.confirm': 'running', 'user.cancel': 'idle' },
    },
    running: {
      tags: ['confirming', 'busy'],
      invoke: {
        id: 'runAction',
        src: 'runAction',
        onDone: { target: 'done', actions: { type: 'onDone', params: ({ event }) => ({ output: event.output }) } },
        onError: {
          target: 'idle',
          actions: [
            'setError',
            { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
          ],
        },
      },
    },
    done: { type: 'final' },
  },
});
