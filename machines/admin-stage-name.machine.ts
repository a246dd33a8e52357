// An admin approves or turns down an artist's new stage name from the artists page (POST /admin/
// artists/{id}/stage-name/approve|reject, naming the request as shown). One decision at a time; a 409
// or 404 (the artist changed or withdrew it, or another admin decided) reloads the list.
import { assign, fromPromise, setup } from 'xstate';
import type { AdminArtist } from '../contracts/operations';
import { notProvided, readFailure } from './api-error';

export type StageNameDecision = 'approve' | 'reject';

export interface StageNameDecisionInput {
  id: string;
  decision: StageNameDecision;
  /** The requested name as the admin saw it. */
  stageName: string;
}

export interface StageNameDecisionAnswer {
  message?: string;
  data: AdminArtist;
}

export interface AdminStageNameContext {
  /** The decision being sent, or null. */
  deciding: StageNameDecisionInput | null;
}

export type AdminStageNameEvent =
  | { type: 'user.approve'; id: string; stageName: string }
  | { type: 'user.reject'; id: string; stageName: string };

const statusOf = (event: unknown) => readFailure((event as { error?: unknown }).error).status;
const failureMessage = ({ event }: { event: unknown }) => ({
  message: readFailure((event as { error?: unknown }).error).message,
});

export const adminStageNameMachine = setup({
  types: {
    context: {} as AdminStageNameContext,
    events: {} as AdminStageNameEvent,
    tags: {} as 'busy',
  },
  actors: {
    decide: fromPromise<StageNameDecisionAnswer, StageNameDecisionInput>(notProvided('decide')),
  },
  guards: {
    isStale: ({ event }) => statusOf(event) === 409 || statusOf(event) === 404,
  },
  actions: {
    choose: assign(({ event }) => ({
      deciding: {
        id: event.id,
        decision: event.type === 'user.approve' ? 'approve' : 'reject',
        stageName: event.stageName,
      },
    })),
    forget: assign({ deciding: null }),
    // Supplied by the page:
    showSuccessToast: (_, _params: { message: string }) => {},
    showErrorToast: (_, _params: { message: string }) => {},
    refreshList: () => {},
  },
}).createMachine({
  id: 'adminStageName',
  context: { deciding: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The artists list; stage names waiting for review show Approve and Keep the old name.',
      on: {
        'user.approve': {
          target: 'deciding',
          actions: 'choose',
          description: 'The admin approves the new stage name: the decision is sent.',
        },
        'user.reject': {
          target: 'deciding',
          actions: 'choose',
          description: 'The admin keeps the old stage name: the decision is sent.',
        },
      },
    },
    deciding: {
      description: 'The decision is being sent; the buttons are busy.',
      tags: ['busy'],
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => context.deciding as StageNameDecisionInput,
        onDone: {
          target: 'idle',
          actions: [
            { type: 'showSuccessToast', params: ({ event }) => ({ message: event.output.message ?? 'Saved.' }) },
            'refreshList',
            'forget',
          ],
          description: 'Done: the admin sees a confirmation and the list shows the artist without the request.',
        },
        onError: [
          {
            guard: 'isStale',
            target: 'idle',
            actions: [{ type: 'showErrorToast', params: failureMessage }, 'refreshList', 'forget'],
            description: 'The request changed or was already decided: the admin is told and the list reloads.',
          },
          {
            target: 'idle',
            actions: [{ type: 'showErrorToast', params: failureMessage }, 'forget'],
            description: 'It failed (offline, or the server): the admin is told and can try again.',
          },
        ],
      },
    },
  },
});
