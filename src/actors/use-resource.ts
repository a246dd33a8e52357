import { useActorRef, useSelector } from '@xstate/react';
import { useContext, useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { LiveWatch } from '../../machines/live';
import { type ResourceInput, resourceMachine } from '../../machines/resource.machine';
import { AppActorsContext } from './hooks';
import { useLiveScreen } from './live';

/**
 * Loads one thing for a page through the resource machine. `key` names what `load` fetches: a new key
 * restarts the actor's load (a new id, "Show all orders" after a focused one). With `live`, changes to
 * what it shows refetch it quietly (machines/live.ts).
 */
export function useResource<T>(load: () => Promise<T>, key: string, live?: LiveWatch) {
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
  const root = useContext(AppActorsContext)?.root ?? null;
  useLiveScreen(root, actor, live ? { watch: live, onChange: { type: 'live.changed' } } : null);
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
