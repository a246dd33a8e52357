import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { css } from 'styled-system/css';
import type { AccountChildren } from '../../../machines/app.machine';
import { connectOnlineStatus } from '../../../machines/online-status.connect';
import { useAccountChild } from '../../actors/hooks';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';

/** docs/product.md §4 Online/offline: the switch, the server call, and the confirmation modal. */
export function OnlineSwitch() {
  // The root's online-status actor: it follows the session's user, and saves through the artist API.
  // It starts with the account's code; the switch shows once that has loaded.
  const actor = useAccountChild('onlineStatus');
  return actor ? <OnlineSwitchView actor={actor} /> : null;
}

function OnlineSwitchView({ actor }: { actor: AccountChildren['onlineStatus'] }) {
  const view = useSelector(actor, connectOnlineStatus);
  // The switch is disabled while it saves, so focus has left it when the modal opens: send it back there.
  const switchRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      {/* A button the machine alone turns: a native checkbox (as Ark's switch renders) flips itself on
          the click, and after a refused save it stayed flipped, so the next click only flipped it back
          and sent nothing. */}
      <button
        ref={switchRef}
        type="button"
        role="switch"
        aria-checked={view.checked}
        aria-busy={view.busy}
        disabled={!view.canToggle}
        onClick={() => actor.send({ type: 'user.toggle' })}
        data-tour="online-switch"
        data-state={view.checked ? 'checked' : 'unchecked'}
        className={css({
          display: 'inline-flex',
          alignItems: 'center',
          gap: '2',
          cursor: 'pointer',
          px: '2',
          py: '1',
          borderRadius: 'full',
          bg: 'transparent',
          color: 'inherit',
          _disabled: { cursor: 'default' },
          _focusVisible: { outline: '2px solid', outlineColor: 'brand.400', outlineOffset: '2px' },
        })}
      >
        <span
          aria-hidden="true"
          data-state={view.checked ? 'checked' : 'unchecked'}
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
          })}
        >
          <span
            data-state={view.checked ? 'checked' : 'unchecked'}
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
        </span>
        <span className={css({ fontWeight: 'medium' })}>
          {view.busy ? 'Saving…' : view.checked ? 'Online' : 'Offline'}
        </span>
      </button>
      <Modal
        open={view.modalOpen}
        onClose={() => actor.send({ type: 'user.dismiss' })}
        title={view.modalKind === 'online' ? 'You are online' : 'You are offline'}
        size="sm"
        finalFocusEl={() => switchRef.current}
        footer={<Button onClick={() => actor.send({ type: 'user.dismiss' })}>Okay</Button>}
      >
        <p>{view.modalMessage}</p>
      </Modal>
    </>
  );
}
