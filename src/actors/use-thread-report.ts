import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { threadReportMachine } from '../../machines/thread-report.machine';
import { threadReportApi } from '../api/thread-report.api';
import { useAppActors } from './hooks';

/** The "Report" dialog on an order's conversation, for the customer ('user') or the artist. */
export function useThreadReport(area: 'user' | 'artist', orderId: number) {
  const { api } = useAppActors();
  const machine = useMemo(() => {
    const calls = threadReportApi(api.for(area));
    return threadReportMachine.provide({
      actors: { reportThread: fromPromise(({ input }) => calls.report(input)) },
    });
  }, [api, area]);
  const actor = useActorRef(machine, { input: { orderId } });
  const view = useSelector(actor, (s) => ({
    open: s.hasTag('open'),
    busy: s.hasTag('busy'),
    reason: s.context.reason,
    errors: s.context.errors,
    problem: s.context.problem,
    sent: s.context.sent,
  }));
  return { view, send: actor.send };
}
