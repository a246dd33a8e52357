// Loading one thing the page shows (an artist's profile, a dashboard): loading, then ready, missing
// (the server said 404: a clear page, not an error) or failed (with a retry). `user.reload` fetches
// again while keeping what is shown. The `key` names what is loaded (an id, a filter): `key.changed`
// with another key starts over, so a page whose address changes shows the new thing, never the old.
import { assign, fromPromise, setup } from 'xstate';
import { clientMessages } from '../contracts/messages';
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
  delays: {
    /** Longer than any answer on a working connection: past it, the page says so rather than wait on. */
    slowAnswer: 15_000,
  },
  guards: {
    isNotFound: ({ event }) => 'error' in event && readFailure(event.error).status === 404,
    isNewKey: ({ context, event }) => event.type === 'key.changed' && event.key !== context.key,
  },
  actions: {
    setData: assign(({ event }) => ('output' in event ? { data: event.output, error: null } : {})),
    setKey: assign(({ event }) => (event.type === 'key.changed' ? { key: event.key, data: null, error: null } : {})),
    setError: assign(({ event }) => ('error' in event ? { error: readFailure(event.error).message } : {})),
    setSlow: assign({ error: clientMessages.slowAnswer }),
  },
}).createMachine({
  id: 'resource',
  context: ({ input }) => ({ key: input?.key ?? '', data: null, error: null }),
  initial: 'loading',
  on: {
    'key.changed': {
      guard: 'isNewKey',
      target: '.loading',
      reenter: true,
      actions: 'setKey',
      description:
        'The page now shows something else (its address changed): it loads from the start; an answer still on its way for the old one is dropped.',
    },
  },
  states: {
    loading: {
      description: 'The thing the page shows (a profile, a dashboard) is being read.',
      tags: ['loading'],
      invoke: {
        id: 'fetchResource',
        src: 'fetchResource',
        input: ({ context }) => ({ key: context.key }),
        onDone: { target: 'ready', actions: 'setData', description: 'It shows.' },
        onError: [
          {
            guard: 'isNotFound',
            target: 'missing',
            actions: 'setError',
            description: 'There is no such thing: the page says it was not found.',
          },
          {
            target: 'failed',
            actions: 'setError',
            description: 'It could not load (offline, or the server): the page says so, with a retry.',
          },
        ],
      },
      after: {
        slowAnswer: {
          target: 'failed',
          actions: 'setSlow',
          description: 'No answer for 15 seconds (a very slow or stuck connection): the page says so, with a retry.',
        },
      },
    },
    ready: {
      description: 'It shows.',
      on: {
        'user.reload': { target: 'loading', description: 'The page reads it again.' },
        'live.changed': { target: 'refreshing', description: 'It changed elsewhere: it is read again quietly.' },
      },
    },
    refreshing: {
      description: 'It changed elsewhere: it is read again quietly; what is shown stays until the answer.',
      invoke: {
        id: 'fetchResource',
        src: 'fetchResource',
        input: ({ context }) => ({ key: context.key }),
        onDone: { target: 'ready', actions: 'setData', description: 'It shows as it is now.' },
        onError: { target: 'ready', description: 'It could not be read: what is shown stays.' },
      },
      on: {
        'live.changed': {
          target: 'refreshing',
          reenter: true,
          description: 'Another change while reading: it is read again, as the answer on its way may predate it.',
        },
      },
    },
    missing: { description: 'There is no such thing: "not found".', tags: ['missing'] },
    failed: {
      description: 'It could not load; the person can try again.',
      tags: ['error'],
      on: { 'user.retry': { target: 'loading', description: 'The person tries again.' } },
    },
  },
});
