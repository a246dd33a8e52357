import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { lyricsTexts } from '../../contracts/lyrics';
import { lyricsApprovalMachine } from '../../machines/lyrics-approval.machine';
import { lyricsApi } from '../api/lyrics.api';
import { notify } from '../components/ui/toaster';
import { useAppActors } from './hooks';

/**
 * Lyrics for approval on an order's thread, wired to the area's API: the artist posts drafts, the
 * customer approves or asks for changes. The thread and the order page refresh from the live changes
 * the server sends for each step.
 */
export function useLyricsApproval(area: 'user' | 'artist', orderId: number) {
  const { api } = useAppActors();
  const machine = useMemo(() => {
    const calls = lyricsApi(api.for(area));
    return lyricsApprovalMachine.provide({
      actors: {
        postLyrics: fromPromise(async ({ input }) => {
          const answer = await calls.post(input);
          notify.success(lyricsTexts.posted);
          return answer;
        }),
        approveLyrics: fromPromise(async ({ input }) => {
          const answer = await calls.approve(input);
          notify.success(lyricsTexts.approved);
          return answer;
        }),
        askChanges: fromPromise(async ({ input }) => {
          const answer = await calls.askChanges(input);
          notify.success(lyricsTexts.changesAsked);
          return answer;
        }),
      },
    });
  }, [api, area]);
  const session = useMemo(() => crypto.randomUUID().replaceAll('-', '').slice(0, 16), []);
  const actor = useActorRef(machine, { input: { orderId, session } });
  const view = useSelector(actor, (s) => ({
    lyrics: s.context.lyrics,
    note: s.context.note,
    errors: s.context.errors,
    problem: s.context.problem,
    busy: s.hasTag('busy'),
  }));
  return { view, send: actor.send };
}
