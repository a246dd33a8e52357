import { Switch } from '@ark-ui/react/switch';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { css } from 'styled-system/css';
import { fromPromise } from 'xstate';
import { connectOnlineStatus } from '../../../machines/online-status.connect';
import { onlineStatusMachine } from '../../../machines/online-status.machine';
import { useAppActors, useSessionView } from '../../actors/hooks';
import { artistApi } from '../../api/artist.api';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import { notify } from '../ui/toaster';

/** SPEC §4 Online/offline: the switch, the server call, and the confirmation modal. */
export function OnlineSwitch() {
  const { api, session } = useAppActors();
  const { user } = useSessionView();
  const actor = useActorRef(
    onlineStatusMachine.provide({
      actors: {
        saveOnlineStatus: fromPromise(({ input }) => artistApi(api.for('artist')).setOnlineStatus(input.status)),
      },
      actions: {
        applyOnline: (_, p) =>
          session.send({
            type: 'user.updated',
            user: { is_online: p.isOnline, is_first_time_login: p.isFirstTimeLogin },
          }),
        showErrorToast: (_, p) => notify.error(p.message),
      },
    }),
    { input: { isOnline: user?.is_online ?? 0 } },
  );
  const isOnline = user?.is_online ?? 0;
  useEffect(() => actor.send({ type: 'session.userChanged', isOnline }), [actor, isOnline]);
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
