import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { ChartPeriod, OperationsCharts, OperationsCounts } from '../../contracts/operations-home';
import { type CsvExportInput, type CsvFile, csvExportMachine } from '../../machines/csv-export.machine';
import type { LiveWatch } from '../../machines/live';
import { type ResourceInput, resourceMachine } from '../../machines/resource.machine';
import { useLiveScreen } from '../actors/live';
import { notify } from '../components/ui/toaster';
import { getAdminActors } from './admin-actors';
import { getOperationsApi, saveFile } from './operations.api';

// The operations home's actors, so that its page only reads and sends.

/** Every queue of the home moves with orders, offers, refunds, payouts and applications. */
const everything: LiveWatch = { kinds: ['order', 'offer', 'refund', 'payout', 'application'] };

/** One thing the home shows, loaded by the resource machine and read again when the admin's stream says it changed. */
function useAdminResource<T>(load: () => Promise<T>, key: string) {
  const loadRef = useRef(load);
  loadRef.current = load;
  const machine = useMemo(
    () =>
      resourceMachine.provide({
        actors: { fetchResource: fromPromise<unknown, ResourceInput>(() => loadRef.current()) },
      }),
    [],
  );
  const actor = useActorRef(machine, { input: { key } });
  useEffect(() => actor.send({ type: 'key.changed', key }), [actor, key]);
  useLiveScreen(getAdminActors().live, actor, { watch: everything, onChange: { type: 'live.changed' } });
  return {
    data: useSelector(actor, (s) => s.context.data as T | null),
    error: useSelector(actor, (s) => s.context.error),
    loading: useSelector(actor, (s) => s.hasTag('loading')),
    failed: useSelector(actor, (s) => s.hasTag('error')),
    retry: () => actor.send({ type: 'user.retry' }),
  };
}

export const useOperationsCounts = () =>
  useAdminResource<OperationsCounts>(() => getOperationsApi().counts(), 'counts');

export const useOperationsCharts = (days: ChartPeriod) =>
  useAdminResource<OperationsCharts>(() => getOperationsApi().charts(days), `charts-${days}`);

/** The CSV downloads and their date range. */
export function useCsvExport() {
  const machine = useMemo(
    () =>
      csvExportMachine.provide({
        actors: {
          download: fromPromise<CsvFile, CsvExportInput>(({ input }) =>
            getOperationsApi().exportCsv(input.kind, { from: input.from, to: input.to }),
          ),
        },
        actions: {
          saveFile: (_, p) => saveFile(p.file),
          showErrorToast: (_, p) => notify.error(p.message),
        },
      }),
    [],
  );
  const actor = useActorRef(machine);
  const from = useSelector(actor, (s) => s.context.from);
  const to = useSelector(actor, (s) => s.context.to);
  const errors = useSelector(actor, (s) => s.context.errors);
  const busy = useSelector(actor, (s) => (s.hasTag('busy') ? s.context.kind : null));
  return { actor, from, to, errors, busy };
}
