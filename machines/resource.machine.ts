// Loading one thing the page shows (an artist's profile, a dashboard): loading, then ready, missing
// (the server said 404: a clear page, not an error) or failed (with a retry). `user.reload` fetches
// again while keeping what is shown.
import { assign, fromPromise, setup } from 'xstate';
import { notProvided, readFailure } from './api-error';

export interface ResourceContext<T = unknown> {
  data: T | null;
  error: string | null;
}

export const resourceMachine = setup({
  types: {
    context: {} as ResourceContext,
    events: {} as { type: 'user.retry' } | { type: 'user.reload' },
    tags: {} as 'loading' | 'missing' | 'error',
  },
  actors: {
    fetchResource: fromPromise<unknown>(notProvided('fetchResource')),
  },
  guards: {
    isNotFound: ({ event }) => 'error' in event && readFailure(event.error).status === 404,
  },
  actions: {
    setData: assign(({ event }) => ('output' in event ? { data: event.output, error: null } : {})),
    setError: assign(({ event }) => ('error' in event ? { error: readFailure(event.error).message } : {})),
  },
}).createMachine({
  id: 'resource',
  context: { data: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchResource',
        src: 'fetchResource',
        onDone: { target: 'ready', actions: 'setData' },
        onError: [
          { guard: 'isNotFound', target: 'missing', actions: 'setError' },
          { target: 'failed', actions: 'setError' },
        ],
      },
    },
    ready: { on: { 'user.reload': 'loading' } },
    missing: { tags: ['missing'] },
    failed: { tags: ['error'], on: { 'user.retry': 'loading' } },
  },
});
