import { useMemo } from 'react';
import { useConversationWith } from '../actors/use-conversation';
import { createClient } from '../api/client';
import { adminApiBase } from './admin.api';
import { getAdminActors } from './admin-actors';

/** The order's conversation with the admin session's client (a 401 ends the admin session). */
export function useAdminConversation(orderId: number) {
  const { session, live } = getAdminActors();
  const http = useMemo(
    () =>
      createClient(adminApiBase, {
        getToken: () => session.getSnapshot().context.token ?? null,
        onUnauthorized: () => session.send({ type: 'http.unauthorized' }),
      }),
    [session],
  );
  return useConversationWith(http, live, orderId);
}
