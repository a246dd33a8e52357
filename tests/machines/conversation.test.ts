import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { MessageReadState, MessageUpload, OrderMessage, OrderMessagesPage } from '../../contracts/order-messages';
import {
  type ConversationEvent,
  type ConversationInput,
  conversationMachine,
  type LoadThreadInput,
  type MarkReadInput,
  type PendingMessage,
  type SendMessageInput,
  type UploadInput,
  unreadNewest,
} from '../../machines/conversation.machine';
import {
  describePath,
  expectAllStatesCovered,
  expectAllTransitionsCovered,
  FakeCalls,
  flush,
  getTransitionPaths,
  type Harness,
  leafStateKeys,
  runPath,
  type StepCheck,
} from './model';

// The conversation on an order page (machines/conversation.machine.ts): every path the machine allows,
// played on a live actor with fake network calls, and the rules that keep a message from being lost or doubled.

const input: ConversationInput = { orderId: 42, session: 's' };

const message = (id: number, overrides: Partial<OrderMessage> = {}): OrderMessage => ({
  id,
  client_id: `other-${id}`,
  author: { role: 'artist', name: 'Ana Reyes' },
  kind: 'text',
  mine: false,
  body: `Message ${id}`,
  masked: false,
  attachment: null,
  created_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});
const newestPage: OrderMessagesPage = {
  items: [message(5)],
  next_cursor: '5',
  writable: true,
  unread: 1,
  last_read_id: 0,
};
const olderPage: OrderMessagesPage = {
  items: [message(2)],
  next_cursor: null,
  writable: true,
  unread: 0,
  last_read_id: 0,
};
const closedPage: OrderMessagesPage = { items: [], next_cursor: null, writable: false, unread: 0, last_read_id: 0 };
const stored = message(9, { client_id: 's-1', mine: true, author: { role: 'customer', name: 'Maria' }, body: 'Hello' });
const upload: MessageUpload = { id: 3, name: 'lyrics.pdf', type: 'application/pdf', size: 1200 };
const dropped = new TypeError('Failed to fetch');
const refused = {
  status: 422,
  message: 'Validation failed',
  errors: { body: ['Please keep your message under 2000 characters'] },
};
const tooFast = { status: 429, message: 'You are sending messages very quickly.' };

const events = [
  { type: 'draft.changed', value: 'Hello' },
  { type: 'draft.changed', value: '' },
  { type: 'user.send' },
  { type: 'user.attach', file: new File(['%PDF-1.4'], 'lyrics.pdf') },
  { type: 'user.detach' },
  { type: 'user.retry' },
  { type: 'user.older' },
  { type: 'live.changed' },
  { type: 'xstate.done.actor.loadThread', output: newestPage },
  { type: 'xstate.done.actor.loadThread', output: olderPage },
  { type: 'xstate.done.actor.loadThread', output: closedPage },
  { type: 'xstate.error.actor.loadThread', error: dropped },
  { type: 'xstate.done.actor.markRead', output: { last_read_id: 5, unread: 0 } },
  { type: 'xstate.error.actor.markRead', error: dropped },
  { type: 'xstate.done.actor.sendMessage', output: stored },
  { type: 'xstate.error.actor.sendMessage', error: dropped },
  { type: 'xstate.error.actor.sendMessage', error: refused },
  { type: 'xstate.done.actor.uploadAttachment', output: upload },
  { type: 'xstate.error.actor.uploadAttachment', error: tooFast },
  { type: 'xstate.after.retryDelay.conversation.composer.waiting' },
] as ConversationEvent[];

// What the person sees, not every byte of context: which parts show and how many messages wait.
const serialize = (s: any) =>
  JSON.stringify([
    s.value,
    s.context.messages.length > 0,
    s.context.older !== null,
    s.context.writable,
    unreadNewest(s.context) !== null,
    s.context.outbox.slice(0, 2).map((p: { status: string }) => p.status),
    s.context.draft !== '',
    s.context.attachment !== null,
    Object.keys(s.context.errors).length > 0,
    s.context.threadProblem !== null,
    s.context.sendProblem !== null,
  ]);

function start(): Harness {
  const fakes = new FakeCalls();
  const machine = conversationMachine.provide({
    actors: {
      loadThread: fakes.actor<OrderMessagesPage, LoadThreadInput>('loadThread'),
      sendMessage: fakes.actor<OrderMessage, SendMessageInput>('sendMessage'),
      uploadAttachment: fakes.actor<MessageUpload, UploadInput>('uploadAttachment'),
      markRead: fakes.actor<MessageReadState, MarkReadInput>('markRead'),
    },
  });
  return { actor: createActor(machine, { input }).start(), fakes, log: [] };
}

const pendingInput = (h: Harness, src: string) =>
  h.fakes.pending.get(src)?.input as Record<string, unknown> | undefined;

const states: Record<string, (s: any, h: Harness) => void> = {
  'thread.loading': (s, h) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(pendingInput(h, 'loadThread')).toEqual({ orderId: 42, cursor: null });
  },
  'thread.markingRead': (s, h) => {
    // Marks up to the newest message shown, which someone else wrote after the last mark.
    const asked = pendingInput(h, 'markRead');
    expect(asked?.orderId).toBe(42);
    expect(s.context.messages.map((m: OrderMessage) => m.id)).toContain(asked?.lastReadId);
  },
  'thread.shown': () => undefined,
  'thread.loadingOlder': (s, h) => {
    expect(pendingInput(h, 'loadThread')).toEqual({ orderId: 42, cursor: s.context.older });
  },
  'thread.failed': (s) => expect(s.context.threadProblem).not.toBeNull(),
  'composer.idle': (s) => expect(s.context.outbox).toEqual([]),
  'composer.sending': (s, h) => {
    // The oldest pending message goes, with the client id it got when it was sent.
    const head = s.context.outbox[0];
    expect(head.status).toBe('sending');
    expect(pendingInput(h, 'sendMessage')).toEqual({ orderId: 42, message: head });
  },
  'composer.waiting': (s) => {
    expect(s.context.outbox[0].status).toBe('failed');
    expect(s.hasTag('sending')).toBe(false);
  },
  'attachment.idle': () => undefined,
  'attachment.uploading': (s, h) => {
    expect(s.hasTag('uploading')).toBe(true);
    expect(pendingInput(h, 'uploadAttachment')).toMatchObject({ orderId: 42 });
  },
};

function step({ event, before, after, harness }: StepCheck<Harness>) {
  if (event.type === 'user.send' && after.context.sent > before.context.sent) {
    const pending = after.context.outbox.at(-1);
    // Shown at once as pending, with a client id of its own; the box empties.
    expect(pending).toMatchObject({ client_id: `s-${after.context.sent}`, body: before.context.draft.trim() });
    expect(pending.attachment).toEqual(before.context.attachment);
    expect(after.context.draft).toBe('');
  }
  if (event.type === 'xstate.error.actor.sendMessage' && event.error === dropped) {
    // Nothing is lost: the same message, same client id, waits to be tried again.
    expect(after.context.outbox.map((p: { client_id: string }) => p.client_id)).toEqual(
      before.context.outbox.map((p: { client_id: string }) => p.client_id),
    );
  }
  if (event.type === 'xstate.error.actor.sendMessage' && event.error === refused) {
    // What the person wrote is back in the box, with the reason under it.
    expect(after.context.draft).toContain(before.context.outbox[0].body);
    expect(after.context.errors).toEqual(refused.errors);
    expect(after.context.outbox).toHaveLength(before.context.outbox.length - 1);
  }
  if (event.type === 'xstate.done.actor.sendMessage') {
    expect(after.context.messages.filter((m: OrderMessage) => m.id === stored.id)).toHaveLength(1);
    expect(after.context.outbox.some((p: { client_id: string }) => p.client_id === stored.client_id)).toBe(false);
  }
  if (event.type === 'live.changed' && !before.matches({ thread: 'loading' }) && after.matches({ thread: 'loading' })) {
    expect(harness.fakes.pending.has('loadThread')).toBe(true);
  }
}

describe('conversationMachine: model-based paths', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());
  const paths = getTransitionPaths(conversationMachine, { input, events, serializeState: serialize });
  it('takes every transition', () => expectAllTransitionsCovered(conversationMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(conversationMachine, paths));
  it('has expectations for every state', () =>
    expect(Object.keys(states).sort()).toEqual(
      leafStateKeys(conversationMachine)
        .filter((k) => k !== 'thread.marking')
        .sort(),
    ));
  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, start, {
        states: { ...states, 'thread.marking': () => undefined },
        step,
        serializeState: serialize,
      });
    });
  }
});

describe('conversationMachine: rules', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('retries a send that did not reach the server with the same client id, and shows it once', async () => {
    const h = start();
    h.fakes.resolve('loadThread', { ...closedPage, writable: true });
    await flush();
    h.actor.send({ type: 'draft.changed', value: 'Hello' });
    h.actor.send({ type: 'user.send' });
    expect(h.actor.getSnapshot().context.outbox).toMatchObject([{ client_id: 's-1', status: 'sending' }]);
    h.fakes.reject('sendMessage', dropped);
    await flush();
    expect(h.actor.getSnapshot().context.outbox).toMatchObject([{ client_id: 's-1', status: 'failed' }]);
    await vi.advanceTimersToNextTimerAsync();
    await flush();
    // The server stored the first try after all; the retry answers the stored message.
    h.fakes.resolve('sendMessage', stored);
    await flush();
    const calls = h.fakes.calls
      .filter((c) => c.src === 'sendMessage')
      .map((c) => (c.input as SendMessageInput).message.client_id);
    expect(calls).toEqual(['s-1', 's-1']);
    expect(h.actor.getSnapshot().context.messages.map((m: OrderMessage) => m.id)).toEqual([9]);
    expect(h.actor.getSnapshot().context.outbox).toEqual([]);
    // A later refetch carrying the same message shows it once.
    h.actor.send({ type: 'live.changed' });
    h.fakes.resolve('loadThread', { ...closedPage, writable: true, items: [stored] });
    await flush();
    expect(h.actor.getSnapshot().context.messages.map((m: OrderMessage) => m.id)).toEqual([9]);
  });

  it('sends messages one after another in the order written, each with its own client id', async () => {
    const h = start();
    h.fakes.resolve('loadThread', { ...closedPage, writable: true });
    await flush();
    for (const text of ['One', 'Two']) {
      h.actor.send({ type: 'draft.changed', value: text });
      h.actor.send({ type: 'user.send' });
    }
    expect(h.actor.getSnapshot().context.outbox.map((p: PendingMessage) => [p.client_id, p.body])).toEqual([
      ['s-1', 'One'],
      ['s-2', 'Two'],
    ]);
    h.fakes.resolve('sendMessage', { ...stored, client_id: 's-1', body: 'One' });
    await flush();
    const next = pendingInput(h, 'sendMessage')?.message as { client_id: string } | undefined;
    expect(next?.client_id).toBe('s-2');
  });

  it('sends nothing empty, nothing in a closed thread, and keeps an attachment with its message', async () => {
    const h = start();
    h.fakes.resolve('loadThread', closedPage);
    await flush();
    h.actor.send({ type: 'draft.changed', value: 'Too late' });
    h.actor.send({ type: 'user.send' });
    expect(h.actor.getSnapshot().context.outbox).toEqual([]);
    h.actor.send({ type: 'live.changed' });
    h.fakes.resolve('loadThread', { ...closedPage, writable: true });
    await flush();
    h.actor.send({ type: 'draft.changed', value: '  ' });
    h.actor.send({ type: 'user.send' });
    expect(h.actor.getSnapshot().context.outbox).toEqual([]);
    h.actor.send({ type: 'user.attach', file: new File(['x'], 'a.pdf') });
    h.fakes.resolve('uploadAttachment', upload);
    await flush();
    h.actor.send({ type: 'user.send' });
    expect(h.actor.getSnapshot().context.outbox).toMatchObject([{ body: '', attachment: upload }]);
    expect(h.actor.getSnapshot().context.attachment).toBeNull();
  });
});
