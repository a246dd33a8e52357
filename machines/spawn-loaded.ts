import type { ActorRefFromLogic, AnyActorLogic, InputFrom } from 'xstate';

/**
 * Starts logic whose code was loaded on demand as a child of the machine whose `spawn` this is. That
 * `spawn` is typed by the machine's own `actors`, which loaded logic is not part of (its code is not in
 * the machine's module): hence the cast, in this one place.
 */
export function spawnLoaded<L extends AnyActorLogic>(
  spawn: unknown,
  logic: L,
  options: { id: string; systemId?: string; input: InputFrom<L> },
): ActorRefFromLogic<L> {
  return (spawn as (logic: L, options: object) => ActorRefFromLogic<L>)(logic, options);
}
