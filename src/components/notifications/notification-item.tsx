import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import { css } from 'styled-system/css';
import { notificationLabels } from '../../../contracts/notification-labels';
import type { Notification } from '../../../contracts/notifications';
import { exactTime, relativeTime } from './relative-time';

const row = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '1',
  px: '2',
  py: '1',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  _last: { borderBottomWidth: '0' },
  '&[data-unread]': { bg: 'brand.50' },
});

const itemButton = css({
  flex: '1',
  minW: 0,
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: '2',
  textAlign: 'left',
  px: '2',
  py: '2',
  borderRadius: 'md',
  cursor: 'pointer',
  color: 'fg.default',
  _hover: { bg: 'gray.100' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.400' },
});

// The dot is the visual sign of unread; the hidden word says it to screen readers.
const dot = css({
  w: '2',
  h: '2',
  mt: '1.5',
  borderRadius: 'full',
  bg: 'transparent',
  '[data-unread] &': { bg: 'brand.600' },
});

const kebab = css({
  flexShrink: 0,
  w: '8',
  h: '8',
  mt: '1',
  borderRadius: 'full',
  cursor: 'pointer',
  color: 'fg.muted',
  _hover: { bg: 'gray.100', color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.400' },
});

const menuContent = css({
  bg: 'white',
  borderRadius: 'lg',
  boxShadow: 'lg',
  borderWidth: '1px',
  borderColor: 'border.default',
  py: '1',
  minW: '10rem',
  zIndex: 'dropdown',
  outline: 'none',
});

const menuItem = css({
  px: '4',
  py: '2',
  cursor: 'pointer',
  color: 'fg.default',
  _highlighted: { bg: 'brand.50', color: 'brand.800' },
});

interface NotificationItemProps {
  notification: Notification;
  onOpen: (id: number) => void;
  onMark: (id: number, read: boolean) => void;
}

/** One notification: a click (or Enter) opens it; the menu marks it read or unread. */
export function NotificationItem({ notification: n, onOpen, onMark }: NotificationItemProps) {
  const unread = !n.is_read;
  return (
    <li className={row} data-unread={unread || undefined} data-testid="notification-item">
      <button type="button" className={itemButton} onClick={() => onOpen(n.id)}>
        <span className={dot} aria-hidden="true" />
        <span className={css({ display: 'flex', flexDir: 'column', gap: '0.5', minW: 0 })}>
          {unread ? <span className={css({ srOnly: true })}>{notificationLabels.unread}: </span> : null}
          <span data-part="title" className={css({ fontWeight: unread ? 'semibold' : 'medium' })}>
            {n.title}
          </span>
          <span data-part="body" className={css({ fontSize: 'sm', color: 'gray.700' })}>
            {n.body}
          </span>
          <time
            dateTime={n.created_at}
            title={exactTime(n.created_at)}
            className={css({ fontSize: 'xs', color: 'fg.muted' })}
          >
            {relativeTime(n.created_at)}
          </time>
        </span>
      </button>
      <Menu.Root positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger className={kebab} aria-label={notificationLabels.itemMenu(n.title)}>
          <span aria-hidden="true">⋮</span>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content className={menuContent}>
              <Menu.Item value="toggle-read" className={menuItem} onSelect={() => onMark(n.id, unread)}>
                {unread ? notificationLabels.markRead : notificationLabels.markUnread}
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </li>
  );
}
