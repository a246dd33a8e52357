// Loading one thing the page shows (an artist's profile, a dashboard): loading, then ready, missing
// (the server said 404: a clear page, not an error) or failed (with a retry). `user.reload` fetches
// again while keeping what is shown. The `key` names what is loaded (an id, a filter): `key.changed`
// with another key starts over, so a page whose address changes shows the new thing, never the old.
import { assign, fromPromise, setup } from 'xstate';
import { notProvided, readFailure } from './api-error';

export interface ResourceContext<T = unknown> {
  key: string;
  data: T | null;
  error: string | null;
}

/** fetchResource's input: what to load. */
export interface ResourceInput {
  key: string;
}

export const resourceMachine = setup({
  types: {
    context: {} as ResourceContext,
    events: {} as
      | { type: 'user.retry' }
      | { type: 'user.reload' }
      | { type: 'key.changed'; key: string }
      /** Something it shows changed on the server (live routing): fetch again, keeping what is shown. */
      | { type: 'live.changed' },
    input: {} as ResourceInput | undefined,
    tags: {} as 'loading' | 'missing' | 'error',
  },
  actors: {
    fetchResource: fromPromise<unknown, ResourceInput>(notProvided('fetchResource')),
  },
  guards: {
    isNotFound: ({ event }) => 'error' in event && readFailure(event.error).status === 404,
    isNewKey: ({ context, event }) => event.type === 'key.changed' && event.key !== context.key,
  },
  actions: {
    setData: assign(({ event }) => ('output' in event ? { data: event.output, error: null } : {})),
    setKey: assign(({ event }) => (event.type === 'key.changed' ? { key: event.key, data: null, error: null } : {})),
    setError: assign(({ event }) => ('error' in event ? { error: readFailure(event.error).message } : {})),
  },
}).createMachine({
  id: 'resource',
  context: ({ input }) => ({ key: input?.key ?? '', data: null, error: null }),
  initial: 'loading',
  on: {
    // Whatever it was doing (a fetch in flight is dropped with its state): the new thing, from the start.
    'key.changed': { guard: 'isNewKey', target: '.loading', reenter: true, actions: 'setKey' },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchResource',
        src: 'fetchResource',
        input: ({ context }) => ({ key: context.key }),
        onDone: { target: 'ready', actions: 'setData' },
        onError: [
          { guard: 'isNotFound', target: 'missing', actions: 'setError' },
          { target: 'failed', actions: 'setError' },
        ],
      },
    },
    ready: { on: { 'user.reload': 'loading', 'live.changed': 'refreshing' } },
    /** A live change: the same thing again, quietly; what is shown stays until the answer. */
    refreshing: {
      invoke: {
        id: 'fetchResource',
        src: 'fetchResource',
        input: ({ context }) => ({ key: context.key }),
        onDone: { target: 'ready', actions: 'setData' },
        onError: 'ready',
      },
      on: { 'live.changed': { target: 'refreshing', reenter: true } },
    },
    missing: { tags: ['missing'] },
    failed: { tags: ['error'], on: { 'user.retry': 'loading' } },
  },
});
