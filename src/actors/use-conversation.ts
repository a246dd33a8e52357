import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { type AnyActorRef, fromPromise } from 'xstate';
import { connectConversation } from '../../machines/conversation.connect';
import { conversationMachine } from '../../machines/conversation.machine';
import type { Http } from '../api/client';
import { orderMessagesApi } from '../api/order-messages.api';
import { useAppActors } from './hooks';
import { useLiveScreen } from './live';

/** A prefix no other open page shares, for the client ids of the messages this page sends. */
const newSession = () => crypto.randomUUID().replaceAll('-', '').slice(0, 16);

/**
 * An order's conversation wired to the area's API (`http`) and its live routing (`router`): a new
 * message in this thread refetches it. `view` is what the messages section shows.
 */
export function useConversationWith(http: Http, router: AnyActorRef | null, orderId: number) {
  const machine = useMemo(() => {
    const api = orderMessagesApi(http);
    return conversationMachine.provide({
      actors: {
        loadThread: fromPromise(({ input }) => api.load(input)),
        sendMessage: fromPromise(({ input }) => api.send(input)),
        uploadAttachment: fromPromise(({ input }) => api.upload(input)),
        markRead: fromPromise(({ input }) => api.markRead(input)),
      },
    });
  }, [http]);
  const session = useMemo(newSession, []);
  const actor = useActorRef(machine, { input: { orderId, session } });
  useLiveScreen(router, actor, { watch: { kinds: ['message'], orderId }, onChange: { type: 'live.changed' } });
  const view = useSelector(actor, connectConversation);
  return { view, send: actor.send };
}

/** The conversation of a customer's or an artist's order. */
export function useConversation(area: 'user' | 'artist', orderId: number) {
  const { api, root } = useAppActors();
  const http = useMemo(() => api.for(area), [api, area]);
  return useConversationWith(http, root, orderId);
}

export type ConversationSend = ReturnType<typeof useConversation>['send'];
