// Suspending or reactivating an artist from the admin's artists page (POST /admin/artists/{id}/
// suspend|reactivate): a dialog asks for the reason (artistStatusChangeSchema), then the call. The
// row is replaced with the server's answer; a 404 or 409 (someone else changed it) refreshes the list.
import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { issuesToFieldErrors } from '../contracts/auth';
import type { FieldErrors } from '../contracts/http';
import { type AdminArtist, artistStatusChangeSchema } from '../contracts/operations';
import { hasFieldErrors, notProvided, readFailure, withoutField } from './api-error';

export type ArtistStatusAction = 'suspend' | 'reactivate';

export interface AdminArtistStatusContext {
  artistId: string | null;
  action: ArtistStatusAction | null;
  reason: string;
  errors: FieldErrors;
}

export type AdminArtistStatusEvent =
  | { type: 'user.suspend'; id: string }
  | { type: 'user.reactivate'; id: string }
  | { type: 'reason.changed'; value: string }
  | { type: 'user.confirm' }
  | { type: 'user.dismiss' };

export interface ArtistStatusInput {
  id: string;
  action: ArtistStatusAction;
  reason: string;
}

export interface ArtistStatusAnswer {
  message?: string;
  data: AdminArtist;
}

/** The schema's first message for the reason (empty when it passes). */
function validateStatusReason(reason: string): FieldErrors {
  const result = v.safeParse(artistStatusChangeSchema, { reason });
  if (result.success) return {};
  return Object.fromEntries(
    Object.entries(issuesToFieldErrors(result.issues)).map(([key, messages]) => [key, messages.slice(0, 1)]),
  );
}

const statusOf = (event: unknown) => readFailure((event as { error?: unknown }).error).status;
const failureMessage = ({ event }: { event: unknown }) => ({
  message: readFailure((event as { error?: unknown }).error).message,
});

export const adminArtistStatusMachine = setup({
  types: {
    context: {} as AdminArtistStatusContext,
    events: {} as AdminArtistStatusEvent,
    tags: {} as 'busy' | 'dialogOpen',
  },
  actors: {
    changeStatus: fromPromise<ArtistStatusAnswer, ArtistStatusInput>(notProvided('changeStatus')),
  },
  guards: {
    isReasonValid: ({ context }) => Object.keys(validateStatusReason(context.reason)).length === 0,
    hasFieldErrors: ({ event }) => 'error' in event && hasFieldErrors(event.error),
    isStale: ({ event }) => statusOf(event) === 409 || statusOf(event) === 404,
  },
  actions: {
    choose: assign(({ event }) => {
      if (event.type !== 'user.suspend' && event.type !== 'user.reactivate') return {};
      return {
        artistId: event.id,
        action: event.type === 'user.suspend' ? ('suspend' as const) : ('reactivate' as const),
        reason: '',
        errors: {},
      };
    }),
    setReason: assign(({ context, event }) =>
      event.type === 'reason.changed' ? { reason: event.value, errors: withoutField(context.errors, 'reason') } : {},
    ),
    showReasonErrors: assign(({ context }) => ({ errors: validateStatusReason(context.reason) })),
    setServerErrors: assign(({ event }) => ({
      errors: readFailure((event as { error?: unknown }).error).errors ?? {},
    })),
    forget: assign({ artistId: null, action: null, reason: '', errors: {} }),
    // Supplied by the page:
    showSuccessToast: (_, _params: { message: string }) => {},
    showErrorToast: (_, _params: { message: string }) => {},
    replaceArtist: (_, _params: { artist: AdminArtist }) => {},
    refreshList: () => {},
  },
}).createMachine({
  id: 'adminArtistStatus',
  context: { artistId: null, action: null, reason: '', errors: {} },
  initial: 'idle',
  states: {
    idle: {
      description: 'The artists list; no dialog.',
      on: {
        'user.suspend': {
          target: 'asking',
          actions: 'choose',
          description: 'The admin chooses to suspend an artist: a dialog asks why.',
        },
        'user.reactivate': {
          target: 'asking',
          actions: 'choose',
          description: 'The admin chooses to reactivate a suspended artist: a dialog asks why.',
        },
      },
    },
    asking: {
      description: 'The admin is suspending or reactivating one artist in a dialog.',
      tags: ['dialogOpen'],
      initial: 'editing',
      states: {
        editing: {
          description: 'The dialog asks for the reason.',
          on: {
            'reason.changed': { actions: 'setReason', description: 'The admin types the reason.' },
            'user.confirm': [
              {
                guard: 'isReasonValid',
                target: 'submitting',
                description: 'The admin confirms with a valid reason: the change is sent.',
              },
              {
                actions: 'showReasonErrors',
                description: 'The reason is missing or too long: the dialog says what to fix.',
              },
            ],
            'user.dismiss': {
              target: '#adminArtistStatus.idle',
              actions: 'forget',
              description: 'The admin closes the dialog: nothing changes.',
            },
          },
        },
        submitting: {
          description: 'The suspension or reactivation is being sent.',
          tags: ['busy'],
          invoke: {
            id: 'changeStatus',
            src: 'changeStatus',
            input: ({ context }) => ({
              id: context.artistId ?? '',
              action: context.action ?? 'suspend',
              reason: context.reason.trim(),
            }),
            onDone: {
              target: '#adminArtistStatus.idle',
              actions: [
                { type: 'showSuccessToast', params: ({ event }) => ({ message: event.output.message ?? 'Saved.' }) },
                { type: 'replaceArtist', params: ({ event }) => ({ artist: event.output.data }) },
                'forget',
              ],
              description: "Done: the admin sees a confirmation and the artist's row shows the new status.",
            },
            onError: [
              {
                guard: 'hasFieldErrors',
                target: 'editing',
                actions: 'setServerErrors',
                description: 'The server refused the reason: the dialog shows what to fix.',
              },
              {
                guard: 'isStale',
                target: '#adminArtistStatus.idle',
                actions: [{ type: 'showErrorToast', params: failureMessage }, 'refreshList', 'forget'],
                description: 'Someone else changed this artist meanwhile: the admin is told and the list reloads.',
              },
              {
                target: 'editing',
                actions: { type: 'showErrorToast', params: failureMessage },
                description: 'It failed (offline, or the server): the admin is told and can try again.',
              },
            ],
          },
        },
      },
    },
  },
});
