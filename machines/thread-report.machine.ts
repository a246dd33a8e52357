// Reporting an order's conversation to the team (contracts/thread-report.ts): "Report" opens a dialog with
// the reason; confirming sends it. A refused reason shows under the field and the typed text stays; an
// open report already there (409) shows the server's message. On success the dialog closes and the page
// says the team will look at it.
import { assign, fromPromise, setup } from 'xstate';
import type { FieldErrors } from '../contracts/http';
import { notProvided, readFailure, withoutField } from './api-error';

export interface ThreadReportContext {
  orderId: number;
  reason: string;
  errors: FieldErrors;
  problem: string | null;
  /** The last report went through: the page tells the person the team will look at it. */
  sent: boolean;
}

export type ThreadReportEvent =
  | { type: 'user.open' }
  | { type: 'reason.changed'; value: string }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' };

const failureOf = ({ event }: { event: unknown }) => {
  const failure = readFailure((event as { error: unknown }).error);
  return failure.errors ? { errors: failure.errors, problem: null } : { errors: {}, problem: failure.message };
};

export const threadReportMachine = setup({
  types: {
    context: {} as ThreadReportContext,
    events: {} as ThreadReportEvent,
    input: {} as { orderId: number },
    tags: {} as 'open' | 'busy',
  },
  actors: {
    reportThread: fromPromise<unknown, { orderId: number; reason: string }>(notProvided('reportThread')),
  },
  actions: {
    setReason: assign(({ context, event }) =>
      event.type === 'reason.changed' ? { reason: event.value, errors: withoutField(context.errors, 'reason') } : {},
    ),
    opened: assign({ errors: {}, problem: null, sent: false }),
    clearProblem: assign({ errors: {}, problem: null }),
    setFailure: assign(failureOf),
    reported: assign({ reason: '', sent: true }),
  },
}).createMachine({
  id: 'threadReport',
  context: ({ input }) => ({ orderId: input.orderId, reason: '', errors: {}, problem: null, sent: false }),
  initial: 'closed',
  states: {
    closed: {
      description: 'The conversation shows a "Report" button (and, after a report, that the team will look at it).',
      on: {
        'user.open': {
          target: 'editing',
          actions: 'opened',
          description: 'The person chooses "Report": a dialog asks for the reason.',
        },
      },
    },
    editing: {
      description: 'The dialog is open: the person writes why they report the conversation, then confirms or cancels.',
      tags: ['open'],
      on: {
        'reason.changed': {
          actions: 'setReason',
          description: 'The person writes the reason; an earlier error under the field clears.',
        },
        'user.confirm': {
          target: 'sending',
          actions: 'clearProblem',
          description: 'The person confirms: the report goes to the team.',
        },
        'user.cancel': {
          target: 'closed',
          description: 'The person cancels: nothing is sent (what they typed stays for a next try).',
        },
      },
    },
    sending: {
      description: 'The report is on its way to the team; the dialog shows it busy.',
      tags: ['open', 'busy'],
      invoke: {
        id: 'reportThread',
        src: 'reportThread',
        input: ({ context }) => ({ orderId: context.orderId, reason: context.reason }),
        onDone: {
          target: 'closed',
          actions: 'reported',
          description: 'The team has the report: the dialog closes and the page says the team will look at it.',
        },
        onError: {
          target: 'editing',
          actions: 'setFailure',
          description:
            'The report was not taken (the reason is too short or long, one is already open, no connection): the dialog says why and keeps the text.',
        },
      },
    },
  },
});
