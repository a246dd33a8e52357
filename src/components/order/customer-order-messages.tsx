import type { LifecycleFacts } from '../../../contracts/lifecycle';
import { useConversation } from '../../actors/use-conversation';
import { LyricsActions } from './lyrics-steps';
import { OrderMessages } from './order-messages';
import { ThreadReport } from './thread-report';

/** The customer's conversation with the artist who took the order (and the team). */
export function CustomerOrderMessages({
  orderId,
  artistName,
  lifecycle,
}: {
  orderId: number;
  artistName: string | null;
  lifecycle: LifecycleFacts;
}) {
  const { view, send } = useConversation('user', orderId);
  const intro = artistName
    ? `Write to ${artistName} about names, memories or anything the song should get right. Our team can read and answer too.`
    : 'Write to the artist once one takes your order. Our team can read and answer too.';
  return (
    <OrderMessages view={view} send={send} intro={intro}>
      <LyricsActions facts={lifecycle} reader="customer" orderId={orderId} />
      <ThreadReport area="user" orderId={orderId} />
    </OrderMessages>
  );
}
