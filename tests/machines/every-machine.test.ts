// Transition coverage is asserted for every machine in machines/: each exported machine is the first
// argument of some test's expectAllTransitionsCovered call (directly, or through a local const of it,
// e.g. `const machine = xMachine.provide(…)`). A new machine without such a test fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { StateMachine } from 'xstate';

const modules = import.meta.glob<Record<string, unknown>>('../../machines/*.machine.ts', { eager: true });

/** Export name → machine id, for every machine the machine files export. */
const machines = new Map(
  Object.values(modules).flatMap((exports) =>
    Object.entries(exports).flatMap(([name, value]) => (value instanceof StateMachine ? [[name, value.id]] : [])),
  ),
);

/** The export names that some test file passes to expectAllTransitionsCovered. */
function coveredExports(): Set<string> {
  const dir = new URL('./', import.meta.url);
  const covered = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.test.ts'))) {
    const source = readFileSync(new URL(file, dir), 'utf8');
    for (const call of source.matchAll(/expectAllTransitionsCovered\(\s*(\w+)/g)) {
      const argument = call[1] ?? '';
      // A local const stands for the machine it is made from (`const m = xMachine` or `xMachine.provide(…)`):
      // the nearest one before the call.
      const locals = [...source.slice(0, call.index).matchAll(new RegExp(`const ${argument} = (\\w+)`, 'g'))];
      covered.add(machines.has(argument) ? argument : (locals.at(-1)?.[1] ?? argument));
    }
  }
  return covered;
}

describe('transition coverage is asserted for every machine', () => {
  it('finds the machines (one per machine file)', () => {
    expect(machines.size).toBe(Object.keys(modules).length);
    expect(machines.size).toBeGreaterThan(40);
  });

  it('every machine in machines/ has a test that calls expectAllTransitionsCovered on it', () => {
    const covered = coveredExports();
    const missing = [...machines].filter(([name]) => !covered.has(name)).map(([name, id]) => `${name} (${id})`);
    expect(missing, 'machines without a transition-coverage test').toEqual([]);
  });
});
