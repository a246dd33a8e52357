import { useMemo } from 'react';
import { useConversationWith } from '../actors/use-conversation';
import { createClient } from '../api/client';
import { OrderMessages } from '../components/order/order-messages';
import { adminApiBase } from './admin.api';
import { getAdminActors } from './admin-actors';
import { panel } from './paged-list';

/** The admin session's client for the conversation calls (a 401 ends the admin session). */
function useAdminConversation(orderId: number) {
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

/** The order's conversation on the team's order page: admins read and write as "Labsongs team". */
export function AdminOrderMessages({ orderId }: { orderId: number }) {
  const { view, send } = useAdminConversation(orderId);
  return (
    <OrderMessages
      view={view}
      send={send}
      heading="h2"
      className={panel}
      intro="The customer and the artist who took the order. What you write shows as “Labsongs team”."
    />
  );
}
