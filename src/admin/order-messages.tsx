import { OrderMessages } from '../components/order/order-messages';
import { useAdminConversation } from './order-messages.actors';
import { panel } from './paged-list';

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
