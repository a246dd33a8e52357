// An order's messages (docs/product.md "Order messages"): the thread on the order page of the customer,
// the artist who took the order and the team. Pure: loading, sending, attaching and marking read are
// named actors the app provides (src/actors/use-conversation.ts).
//
// Nothing is lost or doubled when the connection drops mid-send: each message gets its client id when
// the person sends it and keeps it for every try; it shows as pending until the server answers with the
// stored message (the server stores one message per client id, and a repeat answers the stored one).
// A send the server refused (too long, too fast, the order closed) puts the text back in the box.
import { assign, fromPromise, setup } from 'xstate';
import type { FieldErrors } from '../contracts/http';
import type { MessageReadState, MessageUpload, OrderMessage, OrderMessagesPage } from '../contracts/order-messages';
import { notProvided, readFailure, withoutField } from './api-error';

export interface ConversationInput {
  orderId: number;
  /** A prefix unique to this page's life (the app picks it at random); client ids are `<session>-<n>`. */
  session: string;
}

/** A message the person sent that the server has not acknowledged yet. */
export interface PendingMessage {
  client_id: string;
  body: string;
  attachment: MessageUpload | null;
  /** `failed`: the last try did not reach the server; it is tried again with the same client id. */
  status: 'sending' | 'failed';
}

export interface ConversationContext {
  orderId: number;
  session: string;
  /** Client ids handed out so far. */
  sent: number;
  /** The thread as the server stored it, oldest first. */
  messages: OrderMessage[];
  /** The cursor of the older page; null when the oldest message is shown. */
  older: string | null;
  writable: boolean;
  lastReadId: number;
  /** Messages sent and not acknowledged, in the order sent. */
  outbox: PendingMessage[];
  draft: string;
  /** The uploaded file the next message carries. */
  attachment: MessageUpload | null;
  errors: FieldErrors;
  /** Why the thread (or an earlier page) did not load. */
  threadProblem: string | null;
  /** Why the server refused a send, when no field says it (too fast, the order closed). */
  sendProblem: string | null;
}

export type ConversationEvent =
  | { type: 'draft.changed'; value: string }
  | { type: 'user.send' }
  | { type: 'user.attach'; file: File }
  | { type: 'user.detach' }
  | { type: 'user.retry' }
  | { type: 'user.older' }
  | { type: 'live.changed' };

export interface LoadThreadInput {
  orderId: number;
  cursor: string | null;
}
export interface SendMessageInput {
  orderId: number;
  message: PendingMessage;
}
export interface UploadInput {
  orderId: number;
  file: File;
}
export interface MarkReadInput {
  orderId: number;
  lastReadId: number;
}

/** Messages by id, oldest first, each once (a page and a send may both carry one). */
function merged(a: OrderMessage[], b: OrderMessage[]): OrderMessage[] {
  const byId = new Map<number, OrderMessage>();
  for (const message of [...a, ...b]) byId.set(message.id, message);
  return [...byId.values()].sort((x, y) => x.id - y.id);
}

/** The newest message someone else wrote that the reader has not marked read. */
export const unreadNewest = (context: ConversationContext): number | null => {
  const newest = context.messages.at(-1);
  return newest && newest.id > context.lastReadId ? newest.id : null;
};

/** A failure that never reached the server (offline, a dropped connection): the send is tried again. */
const isConnectionFailure = (error: unknown) => readFailure(error).status === undefined;

export const conversationMachineChartInput: ConversationInput = { orderId: 1, session: 'chart' };

export const conversationMachine = setup({
  types: {
    context: {} as ConversationContext,
    events: {} as ConversationEvent,
    input: {} as ConversationInput,
    tags: {} as 'loading' | 'uploading' | 'sending',
  },
  actors: {
    loadThread: fromPromise<OrderMessagesPage, LoadThreadInput>(notProvided('loadThread')),
    sendMessage: fromPromise<OrderMessage, SendMessageInput>(notProvided('sendMessage')),
    uploadAttachment: fromPromise<MessageUpload, UploadInput>(notProvided('uploadAttachment')),
    markRead: fromPromise<MessageReadState, MarkReadInput>(notProvided('markRead')),
  },
  delays: {
    /** How long a send that did not reach the server waits before it is tried again. */
    retryDelay: 4000,
  },
  guards: {
    canSend: ({ context }) => context.writable && (context.draft.trim() !== '' || context.attachment !== null),
    hasUnread: ({ context }) => unreadNewest(context) !== null,
    hasOlder: ({ context }) => context.older !== null,
    hasOutbox: ({ context }) => context.outbox.length > 0,
    isConnectionFailure: ({ event }) => isConnectionFailure((event as { error?: unknown }).error),
  },
  actions: {
    setDraft: assign(({ context, event }) =>
      event.type === 'draft.changed' ? { draft: event.value, errors: withoutField(context.errors, 'body') } : {},
    ),
    /** The draft and attachment become a pending message with a new client id; the box empties. */
    enqueue: assign(({ context }) => {
      const sent = context.sent + 1;
      const message: PendingMessage = {
        client_id: `${context.session}-${sent}`,
        body: context.draft.trim(),
        attachment: context.attachment,
        status: 'sending',
      };
      return { sent, outbox: [...context.outbox, message], draft: '', attachment: null, errors: {}, sendProblem: null };
    }),
    takePage: assign(({ context, event }) => {
      const page = (event as unknown as { output: OrderMessagesPage }).output;
      // A refetch brings the newest page; older pages already shown stay.
      const keepsOlder = context.messages.length > 0 && context.older !== null;
      return {
        messages: merged(context.messages, page.items),
        older: keepsOlder ? context.older : page.next_cursor,
        writable: page.writable,
        lastReadId: Math.max(context.lastReadId, page.last_read_id),
        // A message that arrives in a page while its send is still out is acknowledged by it.
        outbox: context.outbox.filter((p) => !page.items.some((m) => m.client_id === p.client_id && m.mine)),
        threadProblem: null,
      };
    }),
    takeOlderPage: assign(({ context, event }) => {
      const page = (event as unknown as { output: OrderMessagesPage }).output;
      return { messages: merged(page.items, context.messages), older: page.next_cursor };
    }),
    acknowledge: assign(({ context, event }) => {
      const stored = (event as unknown as { output: OrderMessage }).output;
      return {
        messages: merged(context.messages, [stored]),
        outbox: context.outbox.filter((p) => p.client_id !== stored.client_id),
        lastReadId: Math.max(context.lastReadId, stored.id),
      };
    }),
    markFailed: assign(({ context }) => ({
      outbox: context.outbox.map((p, i) => (i === 0 ? { ...p, status: 'failed' as const } : p)),
    })),
    markSending: assign(({ context }) => ({
      outbox: context.outbox.map((p, i) => (i === 0 ? { ...p, status: 'sending' as const } : p)),
    })),
    /** A refused send: its text and attachment go back to the box (with what was typed since), with the reason. */
    restoreRefused: assign(({ context, event }) => {
      const [refused, ...rest] = context.outbox;
      const failure = readFailure((event as { error?: unknown }).error);
      return {
        outbox: rest,
        draft: [refused?.body ?? '', context.draft].filter((t) => t !== '').join('\n'),
        attachment: refused?.attachment ?? context.attachment,
        errors: failure.errors ?? {},
        sendProblem: failure.errors ? null : failure.message,
      };
    }),
    takeUpload: assign(({ event }) => ({
      attachment: (event as unknown as { output: MessageUpload }).output,
      errors: {},
    })),
    uploadRefused: assign(({ event }) => {
      const failure = readFailure((event as { error?: unknown }).error);
      return { errors: { file: failure.errors?.file ?? [failure.message] } };
    }),
    detach: assign({ attachment: null }),
    takeReadMark: assign(({ context, event }) => ({
      lastReadId: Math.max(context.lastReadId, (event as unknown as { output: MessageReadState }).output.last_read_id),
    })),
    loadFailed: assign(({ event }) => ({ threadProblem: readFailure((event as { error?: unknown }).error).message })),
  },
}).createMachine({
  id: 'conversation',
  type: 'parallel',
  context: ({ input }) => ({
    orderId: input.orderId,
    session: input.session,
    sent: 0,
    messages: [],
    older: null,
    writable: false,
    lastReadId: 0,
    outbox: [],
    draft: '',
    attachment: null,
    errors: {},
    threadProblem: null,
    sendProblem: null,
  }),
  states: {
    thread: {
      description: 'What the thread shows: the messages, loaded and kept current.',
      initial: 'loading',
      states: {
        loading: {
          description: 'The newest messages are being fetched (first, or again after a change).',
          tags: ['loading'],
          invoke: {
            id: 'loadThread',
            src: 'loadThread',
            input: ({ context }) => ({ orderId: context.orderId, cursor: null }),
            onDone: { target: 'marking', actions: 'takePage', description: 'The messages arrive and are shown.' },
            onError: { target: 'failed', actions: 'loadFailed', description: 'The thread could not be fetched.' },
          },
          on: {
            'live.changed': {
              target: 'loading',
              reenter: true,
              description: 'A new message arrived while loading: the fetch starts again so it is included.',
            },
          },
        },
        marking: {
          description: 'Newly shown messages from others are being marked read.',
          always: [
            { guard: 'hasUnread', target: 'markingRead', description: 'Someone else wrote since the last read mark.' },
            { target: 'shown', description: 'Nothing new from others: nothing to mark.' },
          ],
        },
        markingRead: {
          description: 'The server is told how far the reader has read.',
          invoke: {
            id: 'markRead',
            src: 'markRead',
            input: ({ context }) => ({ orderId: context.orderId, lastReadId: unreadNewest(context) ?? 0 }),
            onDone: { target: 'shown', actions: 'takeReadMark', description: 'The read mark is stored.' },
            onError: {
              target: 'shown',
              description: 'The mark was not stored; the next load tries again.',
            },
          },
        },
        shown: {
          description: 'The thread is on screen.',
          on: {
            'live.changed': {
              target: 'loading',
              description: 'Someone wrote in this thread: it is fetched again.',
            },
            'user.older': {
              guard: 'hasOlder',
              target: 'loadingOlder',
              description: 'The reader asks for earlier messages.',
            },
          },
        },
        loadingOlder: {
          description: 'An earlier page of messages is being fetched.',
          invoke: {
            id: 'loadThread',
            src: 'loadThread',
            input: ({ context }) => ({ orderId: context.orderId, cursor: context.older }),
            onDone: { target: 'shown', actions: 'takeOlderPage', description: 'The earlier messages show above.' },
            onError: { target: 'shown', actions: 'loadFailed', description: 'The earlier page could not be fetched.' },
          },
        },
        failed: {
          description: 'The thread could not be loaded; the reader can try again.',
          on: {
            'user.retry': { target: 'loading', description: 'The reader tries loading the thread again.' },
            'live.changed': { target: 'loading', description: 'A change arrived: the thread is fetched again.' },
          },
        },
      },
    },
    composer: {
      description: 'The message box and the messages on their way to the server.',
      initial: 'idle',
      on: {
        'draft.changed': { actions: 'setDraft', description: 'The person types in the message box.' },
        'user.send': {
          guard: 'canSend',
          actions: 'enqueue',
          description: 'The person sends what they wrote: it shows at once as pending, and the box empties.',
        },
      },
      states: {
        idle: {
          description: 'Every message sent has been stored.',
          always: { guard: 'hasOutbox', target: 'sending', description: 'A message waits to be sent: it goes.' },
        },
        sending: {
          description: 'The oldest pending message is being sent, with its client id.',
          tags: ['sending'],
          entry: 'markSending',
          invoke: {
            id: 'sendMessage',
            src: 'sendMessage',
            input: ({ context }) => ({ orderId: context.orderId, message: context.outbox[0] as PendingMessage }),
            onDone: {
              target: 'idle',
              actions: 'acknowledge',
              description: 'The server stored it: it shows as sent.',
            },
            onError: [
              {
                guard: 'isConnectionFailure',
                target: 'waiting',
                actions: 'markFailed',
                description: 'The connection dropped: the message stays pending and is tried again.',
              },
              {
                target: 'idle',
                actions: 'restoreRefused',
                description: 'The server refused it: the text goes back into the box with the reason.',
              },
            ],
          },
        },
        waiting: {
          description: 'A send did not reach the server; it is tried again shortly with the same client id.',
          after: { retryDelay: { target: 'sending', description: 'The pending message is tried again.' } },
          on: {
            'user.retry': { target: 'sending', description: 'The person tries the pending message again now.' },
          },
        },
      },
    },
    attachment: {
      description: 'The file the next message carries.',
      initial: 'idle',
      states: {
        idle: {
          description: 'No file is being uploaded.',
          on: {
            'user.attach': { target: 'uploading', description: 'The person picks a file to attach.' },
            'user.detach': { actions: 'detach', description: 'The person removes the attached file.' },
          },
        },
        uploading: {
          description: 'The file is being uploaded and checked.',
          tags: ['uploading'],
          invoke: {
            id: 'uploadAttachment',
            src: 'uploadAttachment',
            input: ({ context, event }) => ({
              orderId: context.orderId,
              file: (event as Extract<ConversationEvent, { type: 'user.attach' }>).file,
            }),
            onDone: { target: 'idle', actions: 'takeUpload', description: 'The file is attached to the next message.' },
            onError: {
              target: 'idle',
              actions: 'uploadRefused',
              description: 'The file was refused (too large, not a sound, picture or PDF).',
            },
          },
        },
      },
    },
  },
});
