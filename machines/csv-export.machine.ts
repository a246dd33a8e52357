// Downloading a CSV export of the operations home (GET /admin/exports/{kind}.csv?from=&to=): the admin
// picks an optional date range and a kind; the file is fetched with the session and handed to the
// browser. A date the server refuses shows under its field; any other failure is a toast.
import { assign, fromPromise, setup } from 'xstate';
import type { FieldErrors } from '../contracts/http';
import type { ExportKind } from '../contracts/operations-home';
import { hasFieldErrors, notProvided, readFailure, withoutField } from './api-error';

export interface CsvExportInput {
  kind: ExportKind;
  from: string;
  to: string;
}

export interface CsvFile {
  name: string;
  blob: Blob;
}

export interface CsvExportContext {
  from: string;
  to: string;
  /** The kind being downloaded. */
  kind: ExportKind | null;
  errors: FieldErrors;
}

export type CsvExportEvent =
  | { type: 'from.changed'; value: string }
  | { type: 'to.changed'; value: string }
  | { type: 'user.export'; kind: ExportKind };

export const csvExportMachine = setup({
  types: {
    context: {} as CsvExportContext,
    events: {} as CsvExportEvent,
    tags: {} as 'busy',
  },
  actors: {
    download: fromPromise<CsvFile, CsvExportInput>(notProvided('download')),
  },
  guards: {
    hasFieldErrors: ({ event }) => 'error' in event && hasFieldErrors(event.error),
  },
  actions: {
    setFrom: assign(({ context, event }) =>
      event.type === 'from.changed' ? { from: event.value, errors: withoutField(context.errors, 'from') } : {},
    ),
    setTo: assign(({ context, event }) =>
      event.type === 'to.changed' ? { to: event.value, errors: withoutField(context.errors, 'to') } : {},
    ),
    chooseKind: assign(({ event }) => (event.type === 'user.export' ? { kind: event.kind, errors: {} } : {})),
    setServerErrors: assign(({ event }) => ({
      errors: readFailure((event as { error?: unknown }).error).errors ?? {},
    })),
    // Supplied by the page:
    saveFile: (_, _params: { file: CsvFile }) => {},
    showErrorToast: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'csvExport',
  context: { from: '', to: '', kind: null, errors: {} },
  initial: 'idle',
  states: {
    idle: {
      description: 'The export links and the optional date range.',
      on: {
        'from.changed': { actions: 'setFrom', description: 'The admin sets the first day of the range.' },
        'to.changed': { actions: 'setTo', description: 'The admin sets the last day of the range.' },
        'user.export': {
          target: 'downloading',
          actions: 'chooseKind',
          description: 'The admin asks for one export (orders, payments, refunds or payouts).',
        },
      },
    },
    downloading: {
      description: 'The file is being fetched.',
      tags: ['busy'],
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ context }) => ({ kind: context.kind ?? 'orders', from: context.from, to: context.to }),
        onDone: {
          target: 'idle',
          actions: { type: 'saveFile', params: ({ event }) => ({ file: event.output }) },
          description: 'The browser saves the file.',
        },
        onError: [
          {
            guard: 'hasFieldErrors',
            target: 'idle',
            actions: 'setServerErrors',
            description: 'A date was refused: the message shows under its field.',
          },
          {
            target: 'idle',
            actions: { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
            description: 'It failed (offline, or the server): the admin is told and can try again.',
          },
        ],
      },
    },
  },
});
