import { type SyntheticEvent, useState } from 'react';
import { css } from 'styled-system/css';
import type { ArtistOrder } from '../../../../contracts/lifecycle';
import { useConversation } from '../../../actors/use-conversation';
import { LyricsActions } from '../../order/lyrics-steps';
import { OrderMessages } from '../../order/order-messages';
import { ThreadReport } from '../../order/thread-report';

function Conversation({ order }: { order: ArtistOrder }) {
  const { view, send } = useConversation('artist', order.id);
  return (
    <OrderMessages
      view={view}
      send={send}
      intro="Ask the customer about names, pronunciation or the story. Our team can read and answer too."
    >
      <LyricsActions facts={order.lifecycle} reader="artist" orderId={order.id} />
      <ThreadReport area="artist" orderId={order.id} />
    </OrderMessages>
  );
}

/**
 * The order's messages on the artist's card, folded: the thread loads when the artist opens it (a
 * stage screen shows many cards), and stays once opened.
 */
export function ArtistOrderMessages({ order }: { order: ArtistOrder }) {
  const [opened, setOpened] = useState(false);
  const toggled = (event: SyntheticEvent<HTMLDetailsElement>) => {
    if (event.currentTarget.open) setOpened(true);
  };
  const unread = order.unread_messages;
  return (
    <details className={css({ mt: '3' })} onToggle={toggled} data-testid="artist-order-messages">
      <summary className={css({ cursor: 'pointer', fontWeight: 'semibold', color: 'brand.800' })}>
        Messages{unread > 0 ? ` (${unread} unread)` : ''}
      </summary>
      {opened ? <Conversation order={order} /> : null}
    </details>
  );
}
