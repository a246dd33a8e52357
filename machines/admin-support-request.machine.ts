// An admin reads one open support request (/admin/support) in a dialog and marks it closed once it is
// answered. Closed — or refused because someone closed it already (409) or it is gone (404) — the list
// is refreshed so it shows the server's truth.
import { assign, fromPromise, setup } from 'xstate';
import { notProvided, readFailure } from './api-error';

export type AdminSupportEvent = { type: 'user.read'; id: number } | { type: 'user.close' } | { type: 'user.dismiss' };

export interface CloseSupportAnswer {
  message?: string;
}

const statusOf = (event: unknown) => readFailure((event as { error?: unknown }).error).status;

export const adminSupportRequestMachine = setup({
  types: {
    context: {} as { requestId: number | null },
    events: {} as AdminSupportEvent,
    tags: {} as 'dialogOpen' | 'busy',
  },
  actors: {
    closeRequest: fromPromise<CloseSupportAnswer, { id: number }>(notProvided('closeRequest')),
  },
  guards: {
    isOutOfDate: ({ event }) => statusOf(event) === 409 || statusOf(event) === 404,
  },
  actions: {
    choose: assign(({ event }) => (event.type === 'user.read' ? { requestId: event.id } : {})),
    forget: assign({ requestId: null }),
    // Supplied by the page:
    showSuccessToast: (_, _params: { message: string }) => {},
    showErrorToast: (_, _params: { message: string }) => {},
    refreshList: () => {},
  },
}).createMachine({
  id: 'adminSupportRequest',
  context: { requestId: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The list of open support requests; none is open.',
      on: {
        'user.read': { target: 'reading', actions: 'choose', description: 'The admin opens a request to read it.' },
      },
    },
    reading: {
      description: 'The whole message, who sent it and the order it is about, with "Mark closed".',
      tags: ['dialogOpen'],
      on: {
        'user.close': { target: 'closing', description: 'The request is answered: the admin marks it closed.' },
        'user.dismiss': {
          target: 'idle',
          actions: 'forget',
          description: 'The admin closes the dialog; the request stays open.',
        },
      },
    },
    closing: {
      description: 'The request is being marked closed.',
      tags: ['dialogOpen', 'busy'],
      invoke: {
        id: 'closeRequest',
        src: 'closeRequest',
        input: ({ context }) => ({ id: context.requestId ?? 0 }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'showSuccessToast', params: ({ event }) => ({ message: event.output?.message ?? 'Closed.' }) },
            'refreshList',
            'forget',
          ],
          description: 'Closed: it leaves the open list.',
        },
        onError: [
          {
            guard: 'isOutOfDate',
            target: 'idle',
            actions: [
              { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
              'refreshList',
              'forget',
            ],
            description: 'Someone closed it already, or it is gone: the admin is told and the list is refreshed.',
          },
          {
            target: 'reading',
            actions: { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
            description: 'It failed (offline, or the server): the admin is told and can try again.',
          },
        ],
      },
    },
  },
});
