import { Switch } from '@ark-ui/react/switch';
import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { connectOnlineStatus } from '../../../machines/online-status.connect';
import { useAppActors } from '../../actors/hooks';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';

/** SPEC §4 Online/offline: the switch, the server call, and the confirmation modal. */
export function OnlineSwitch() {
  // The root's online-status actor: it follows the session's user, and saves through the artist API.
  const actor = useAppActors().onlineStatus;
  const view = useSelector(actor, connectOnlineStatus);

  return (
    <>
      <Switch.Root
        checked={view.checked}
        disabled={!view.canToggle}
        onCheckedChange={() => actor.send({ type: 'user.toggle' })}
        data-tour="online-switch"
        className={css({
          display: 'inline-flex',
          alignItems: 'center',
          gap: '2',
          cursor: 'pointer',
          px: '2',
          py: '1',
          borderRadius: 'full',
        })}
      >
        <Switch.Control
          className={css({
            w: '11',
            h: '6',
            bg: 'gray.300',
            borderRadius: 'full',
            display: 'inline-flex',
            alignItems: 'center',
            p: '0.5',
            transition: 'background 0.2s',
            _checked: { bg: 'green.600' },
            '[data-focus-visible] &': { outline: '2px solid', outlineColor: 'brand.400', outlineOffset: '2px' },
          })}
        >
          <Switch.Thumb
            className={css({
              w: '5',
              h: '5',
              bg: 'white',
              borderRadius: 'full',
              boxShadow: 'sm',
              transition: 'transform 0.2s',
              _checked: { transform: 'translateX(1.25rem)' },
            })}
          />
        </Switch.Control>
        <Switch.Label className={css({ fontWeight: 'medium' })}>
          {view.busy ? 'Saving…' : view.checked ? 'Online' : 'Offline'}
        </Switch.Label>
        <Switch.HiddenInput />
      </Switch.Root>
      <Modal
        open={view.modalOpen}
        onClose={() => actor.send({ type: 'user.dismiss' })}
        title={view.modalKind === 'online' ? 'You are online' : 'You are offline'}
        size="sm"
        footer={<Button onClick={() => actor.send({ type: 'user.dismiss' })}>Okay</Button>}
      >
        <p>{view.modalMessage}</p>
      </Modal>
    </>
  );
}
