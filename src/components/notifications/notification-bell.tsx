import { Popover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { useSelector } from '@xstate/react';
import { type CSSProperties, useEffect, useRef } from 'react';
import { css, cx } from 'styled-system/css';
import { notificationsUi } from '../../../contracts/constants';
import { notificationLabels } from '../../../contracts/notification-labels';
import { connectNotifications } from '../../../machines/notifications.connect';
import type { NotificationsActor } from '../../actors/notifications-implementations';
import { Button } from '../ui/button';
import { NotificationItem } from './notification-item';

const trigger = css({
  position: 'relative',
  w: '10',
  h: '10',
  borderRadius: 'full',
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.400' },
});
const tones = {
  light: css({ color: 'fg.default', _hover: { bg: 'gray.100' } }),
  dark: css({ color: 'white', _hover: { bg: 'gray.800' } }),
};

const badge = css({
  position: 'absolute',
  top: '0.5',
  right: '0.5',
  minW: '5',
  h: '5',
  px: '1',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: 'full',
  bg: 'red.600',
  color: 'white',
  // 11 px: small enough for "99+" inside the 20 px badge, still readable.
  fontSize: '0.6875rem',
  fontWeight: 'bold',
  lineHeight: '1',
});

// docs/product.md §9: the panel scrolls past 400px, 640px on large screens (the values live in contracts).
const panelHeights = {
  '--panel-max-h': notificationsUi.panelMaxHeight,
  '--panel-max-h-lg': notificationsUi.panelMaxHeightLarge,
} as CSSProperties;

const panel = css({
  bg: 'white',
  color: 'fg.default',
  borderRadius: 'lg',
  boxShadow: 'lg',
  borderWidth: '1px',
  borderColor: 'border.default',
  w: 'min(24rem, calc(100vw - 2rem))',
  maxH: { base: 'var(--panel-max-h)', lg: 'var(--panel-max-h-lg)' },
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  zIndex: 'dropdown',
  outline: 'none',
});

const note = css({ px: '4', py: '6', textAlign: 'center', color: 'fg.muted' });

interface NotificationBellProps {
  notifications: NotificationsActor;
  /** The dark admin top bar needs a light bell. */
  tone?: keyof typeof tones;
}

/** docs/product.md §4, §9: the bell, its unread badge and the dropdown of notifications. */
export function NotificationBell({ notifications, tone = 'light' }: NotificationBellProps) {
  const view = useSelector(notifications, connectNotifications);
  const contentRef = useRef<HTMLDivElement>(null);
  if (!view.signedIn) return null;
  const send = notifications.send.bind(notifications);
  // The button goes once nothing is unread: the focus moves to the first notification, not out of the panel.
  const markAllRead = () => {
    send({ type: 'user.markAllRead' });
    contentRef.current?.querySelector<HTMLElement>('ul button')?.focus();
  };

  return (
    <Popover.Root
      open={view.open}
      onOpenChange={(details) => send({ type: details.open ? 'user.open' : 'user.close' })}
      positioning={{ placement: 'bottom-end', gutter: 10 }}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger className={cx(trigger, tones[tone])} aria-label={view.bellLabel}>
        <svg
          aria-hidden="true"
          width="22"
          height="22"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.73 21a2 2 0 0 1-3.46 0" />
        </svg>
        {view.badge ? (
          <span className={badge} aria-hidden="true" data-testid="notification-badge">
            {view.badge}
          </span>
        ) : null}
      </Popover.Trigger>
      {/* A change of the count is said once, politely, wherever focus is. */}
      <span role="status" className={css({ srOnly: true })}>
        {view.unreadCount > 0 ? notificationLabels.unreadStatus(view.unreadCount) : ''}
      </span>
      <Portal>
        <Popover.Positioner>
          {/* Named here: the popover links its title only when the title exists at opening, and this one mounts lazily. */}
          <Popover.Content
            ref={contentRef}
            className={panel}
            style={panelHeights}
            aria-label={notificationLabels.heading}
          >
            <div
              className={css({
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: '2',
                px: '4',
                py: '2',
                minH: '12',
                borderBottomWidth: '1px',
                borderColor: 'border.default',
              })}
            >
              <Popover.Title className={css({ fontWeight: 'bold' })}>{notificationLabels.heading}</Popover.Title>
              {view.canMarkAllRead ? (
                <Button size="sm" color="text" onClick={markAllRead}>
                  {notificationLabels.markAllRead}
                </Button>
              ) : null}
            </div>
            <PanelBody view={view} send={send} />
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

type View = ReturnType<typeof connectNotifications>;

function PanelBody({ view, send }: { view: View; send: NotificationsActor['send'] }) {
  if (view.loading) return <p className={note}>{notificationLabels.loading}</p>;
  if (view.loadError)
    return (
      <div className={note} role="alert">
        <p>{notificationLabels.loadFailed}</p>
        <p className={css({ fontSize: 'sm', mt: '1' })}>{view.loadError}</p>
        <Button size="sm" color="secondary" className={css({ mt: '3' })} onClick={() => send({ type: 'user.retry' })}>
          {notificationLabels.retry}
        </Button>
      </div>
    );
  if (view.empty) return <p className={note}>{notificationLabels.empty}</p>;
  return <NotificationList view={view} send={send} />;
}

function NotificationList({ view, send }: { view: View; send: NotificationsActor['send'] }) {
  const listRef = useRef<HTMLUListElement>(null);
  // The last item when older ones were asked for: once they are in, the focus moves to the first of
  // them, so a keyboard user reads on where the list grew (the button may be gone by then).
  const lastBefore = useRef<number | null>(null);
  useEffect(() => {
    if (view.loadingMore || lastBefore.current === null) return;
    const index = view.items.findIndex((n) => n.id === lastBefore.current);
    lastBefore.current = null;
    listRef.current?.children[index + 1]?.querySelector('button')?.focus();
  }, [view.loadingMore, view.items]);

  return (
    <>
      <ul ref={listRef} aria-label={notificationLabels.heading}>
        {view.items.map((n) => (
          <NotificationItem
            key={n.id}
            notification={n}
            onOpen={(id) => send({ type: 'user.openItem', id })}
            onMark={(id, read) => send({ type: 'user.mark', id, read })}
          />
        ))}
      </ul>
      {view.showMoreVisible ? (
        <div
          className={css({
            p: '3',
            display: 'flex',
            justifyContent: 'center',
            borderTopWidth: '1px',
            borderColor: 'border.default',
          })}
        >
          {/* Kept focusable while it loads (a disabled button would drop the focus out of the panel). */}
          <Button
            size="sm"
            color="text"
            aria-busy={view.loadingMore || undefined}
            onClick={() => {
              lastBefore.current = view.items.at(-1)?.id ?? null;
              send({ type: 'user.showMore' });
            }}
          >
            {view.loadingMore ? <Spinner /> : null}
            {notificationLabels.showMore}
          </Button>
        </div>
      ) : null}
    </>
  );
}

function Spinner() {
  return (
    <span
      aria-hidden="true"
      className={css({
        w: '3.5',
        h: '3.5',
        borderWidth: '2px',
        borderColor: 'currentColor',
        borderTopColor: 'transparent',
        borderRadius: 'full',
        animation: 'spin',
      })}
    />
  );
}
