import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { lyricsTexts } from '../../contracts/lyrics';
import { lyricsSwitchMachine } from '../../machines/lyrics-switch.machine';
import { lyricsApi } from '../api/lyrics.api';
import { notify } from '../components/ui/toaster';
import { useAppActors } from './hooks';

/** The customer's lyrics approval switch on an order, saved through PUT /user/orders/{id}/lyrics-approval. */
export function useLyricsSwitch(orderId: number, on: boolean) {
  const { api } = useAppActors();
  const machine = useMemo(() => {
    const calls = lyricsApi(api.for('user'));
    return lyricsSwitchMachine.provide({
      actors: {
        setApproval: fromPromise(async ({ input }) => {
          const answer = await calls.setApproval(input);
          notify.success(input.on ? lyricsTexts.turnedOn : lyricsTexts.turnedOff);
          return answer;
        }),
      },
    });
  }, [api]);
  const actor = useActorRef(machine, { input: { orderId, on } });
  // The order page reloaded (live change, action): the switch follows the server's value.
  useEffect(() => actor.send({ type: 'order.changed', on }), [actor, on]);
  const view = useSelector(actor, (s) => ({
    on: s.context.on,
    problem: s.context.problem,
    busy: s.hasTag('busy'),
  }));
  return { view, send: actor.send };
}
