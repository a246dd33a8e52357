// Which states and transitions of a machine say what they mean: product owners read the charts in the
// Stately visualiser, where a state or an arrow without a `description` explains nothing.
// scripts/export-charts.ts prints the figures, and `npm run charts -- --check` fails on anything missing.
import type { AnyStateMachine, AnyStateNode } from 'xstate';

export interface Coverage {
  states: number;
  statesDescribed: number;
  transitions: number;
  transitionsDescribed: number;
  /** One line per state or transition without a description: `<machine>: <state path> …`. */
  missing: string[];
}

interface TransitionLike {
  eventType: string;
  description?: string;
  guard?: unknown;
}

/** The event as the chart names it: a done or error event by its actor, a timer by its delay, `always`. */
function eventName(node: AnyStateNode, eventType: string): string {
  if (eventType === '') return 'always';
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) return `${actor[2]} ${actor[1]}`;
  if (eventType.startsWith('xstate.after.')) return `after ${eventType.slice(13, -(node.id.length + 1))}`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType;
}

const guardName = (guard: unknown): string =>
  typeof guard === 'string'
    ? guard
    : typeof guard === 'object' && guard !== null && 'type' in guard
      ? String(guard.type)
      : typeof guard === 'function'
        ? guard.name || 'guard'
        : 'guard';

/** Counts the described states (every one but the machine itself) and transitions, and names the others. */
export function coverage(name: string, machine: AnyStateMachine): Coverage {
  const result: Coverage = { states: 0, statesDescribed: 0, transitions: 0, transitionsDescribed: 0, missing: [] };
  const visit = (node: AnyStateNode) => {
    const path = node.path.length ? node.path.join('.') : '(the machine)';
    if (node !== machine.root) {
      result.states += 1;
      if (node.description) result.statesDescribed += 1;
      else result.missing.push(`${name}: state ${path}`);
    }
    const groups = [
      ...(node.transitions.values() as Iterable<TransitionLike[]>),
      (node.always ?? []) as TransitionLike[],
    ];
    for (const group of groups) {
      group.forEach((transition, index) => {
        result.transitions += 1;
        if (transition.description) {
          result.transitionsDescribed += 1;
          return;
        }
        // Among guarded candidates for one event, say which one.
        const which =
          group.length > 1
            ? ` (${index + 1} of ${group.length}${transition.guard ? `, if ${guardName(transition.guard)}` : ''})`
            : '';
        result.missing.push(`${name}: state ${path}, on ${eventName(node, transition.eventType)}${which}`);
      });
    }
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  return result;
}

const percent = (part: number, whole: number) => (whole === 0 ? 100 : Math.floor((part / whole) * 1000) / 10);

/** The totals over every machine, as the export prints them. */
export function coverageSummary(all: Coverage[]): string {
  const sum = (key: keyof Omit<Coverage, 'missing'>) => all.reduce((total, c) => total + c[key], 0);
  const states = sum('states');
  const statesDescribed = sum('statesDescribed');
  const transitions = sum('transitions');
  const transitionsDescribed = sum('transitionsDescribed');
  return `Described: ${statesDescribed} of ${states} states (${percent(statesDescribed, states)}%), ${transitionsDescribed} of ${transitions} transitions (${percent(transitionsDescribed, transitions)}%).`;
}
