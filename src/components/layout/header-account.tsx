import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import type { AuthUser } from '../../../contracts/account';
import { useAccountChild, useArtistGate, useDialogs } from '../../actors/hooks';
import { NotificationBell } from '../notifications/notification-bell';
import { Avatar } from '../ui/avatar';
import { menuFor } from './nav-links';

// The signed-in end of the header (the bell and the account menu), split from header.tsx so that its
// menu and popover code load only for a signed-in visitor (lazy-header-account.tsx).

const menuContent = css({
  bg: 'white',
  borderRadius: 'lg',
  boxShadow: 'lg',
  borderWidth: '1px',
  borderColor: 'border.default',
  py: '1',
  minW: '14rem',
  zIndex: 'dropdown',
  outline: 'none',
});

const menuItem = css({
  display: 'block',
  px: '4',
  py: '2',
  cursor: 'pointer',
  textDecoration: 'none',
  color: 'fg.default',
  _highlighted: { bg: 'brand.50', color: 'brand.800' },
});

export function HeaderAccount({ user }: { user: AuthUser }) {
  const dialogs = useDialogs();
  const notifications = useAccountChild('notifications');
  const { menu: artistMenu } = useArtistGate();
  return (
    <>
      {notifications ? <NotificationBell notifications={notifications} /> : null}
      <Menu.Root positioning={{ placement: 'bottom-end', gutter: 10 }}>
        <Menu.Trigger
          className={css({
            display: 'flex',
            alignItems: 'center',
            gap: '2',
            px: '2',
            py: '1',
            borderRadius: 'full',
            cursor: 'pointer',
            _hover: { bg: 'gray.100' },
            _focusVisible: { outline: '2px solid', outlineColor: 'brand.400' },
          })}
          aria-label={`Account menu for ${user.full_name}`}
        >
          <Avatar src={user.avatar} name={user.full_name} />
          <span
            className={css({ fontWeight: 'medium', display: { base: 'none', sm: 'inline' } })}
            data-testid="header-user-name"
          >
            {user.full_name}
          </span>
          <span aria-hidden="true">▾</span>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content className={menuContent}>
              {menuFor(user, artistMenu).map((l) => (
                <Menu.Item key={l.to} value={l.to} asChild className={menuItem}>
                  <Link to={l.to}>{l.label}</Link>
                </Menu.Item>
              ))}
              <Menu.Separator className={css({ my: '1', borderColor: 'border.default' })} />
              <Menu.Item
                value="sign-out"
                className={menuItem}
                onSelect={() => dialogs.send({ type: 'dialog.openSignOutConfirm' })}
              >
                Sign out
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </>
  );
}
