// What the messages section shows, read from the conversation machine's snapshot.
import type { SnapshotFrom } from 'xstate';
import { type OrderMessage, orderMessageTexts } from '../contracts/order-messages';
import type { conversationMachine, PendingMessage } from './conversation.machine';

export interface ConversationView {
  loading: boolean;
  /** Why the thread did not load (with a way to try again). */
  loadProblem: string | null;
  messages: OrderMessage[];
  /** Sent and not yet stored: shown after the thread, marked pending (or "not sent yet"). */
  pending: PendingMessage[];
  hasOlder: boolean;
  writable: boolean;
  draft: string;
  draftErrors: string[] | undefined;
  fileErrors: string[] | undefined;
  sendProblem: string | null;
  attachment: { name: string; size: number } | null;
  uploading: boolean;
  /** A send did not reach the server and waits to be tried again. */
  waitingToRetry: boolean;
  maskedNote: string;
}

export function connectConversation(snapshot: SnapshotFrom<typeof conversationMachine>): ConversationView {
  const { context } = snapshot;
  return {
    loading: snapshot.hasTag('loading') && context.messages.length === 0,
    loadProblem: snapshot.matches({ thread: 'failed' }) ? context.threadProblem : null,
    messages: context.messages,
    pending: context.outbox,
    hasOlder: context.older !== null,
    writable: context.writable,
    draft: context.draft,
    draftErrors: context.errors.body,
    fileErrors: context.errors.file,
    sendProblem: context.sendProblem,
    attachment: context.attachment ? { name: context.attachment.name, size: context.attachment.size } : null,
    uploading: snapshot.hasTag('uploading'),
    waitingToRetry: snapshot.matches({ composer: 'waiting' }),
    maskedNote: orderMessageTexts.maskedNote,
  };
}
