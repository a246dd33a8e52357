import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { resourceMachine } from '../../../machines/resource.machine';

/** Loads one thing for a page through the resource machine; `key` restarts it (e.g. a new id). */
export function useResource<T>(load: () => Promise<T>, key: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` fetches.
  const machine = useMemo(
    () => resourceMachine.provide({ actors: { fetchResource: fromPromise<unknown>(() => load()) } }),
    [key],
  );
  const actor = useActorRef(machine);
  const data = useSelector(actor, (s) => s.context.data as T | null);
  const error = useSelector(actor, (s) => s.context.error);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const missing = useSelector(actor, (s) => s.hasTag('missing'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  return {
    data,
    error,
    loading,
    missing,
    failed,
    retry: () => actor.send({ type: 'user.retry' }),
    reload: () => actor.send({ type: 'user.reload' }),
  };
}
