// The charts' description check (scripts/chart-coverage.ts): what `npm run charts -- --check` reports.
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { coverage, coverageSummary } from '../../scripts/chart-coverage';

const described = createMachine({
  id: 'm',
  initial: 'a',
  states: {
    a: {
      description: 'First.',
      on: { go: { target: 'b', description: 'Goes on.' } },
      after: { 500: { target: 'b', description: 'Half a second later.' } },
    },
    b: {
      description: 'Last.',
      initial: 'x',
      states: {
        x: { description: 'Inside.', always: { target: 'y', description: 'At once.' } },
        y: { description: 'Y.' },
      },
    },
  },
});

describe('chart coverage', () => {
  it('counts a fully described machine as such, and reports nothing', () => {
    const result = coverage('m', described);
    expect(result).toEqual({ states: 4, statesDescribed: 4, transitions: 3, transitionsDescribed: 3, missing: [] });
    expect(coverageSummary([result])).toBe('Described: 4 of 4 states (100%), 3 of 3 transitions (100%).');
  });

  it('names each state and transition without a description: machine, state path and event', () => {
    const machine = createMachine({
      id: 'm',
      initial: 'a',
      states: {
        a: {
          description: 'First.',
          on: {
            go: [
              { guard: 'isReady', target: 'b' },
              { target: 'b', description: 'Otherwise.' },
            ],
            skip: 'b',
          },
          invoke: { id: 'load', src: 'load', onDone: 'b', onError: { target: 'b', description: 'It failed.' } },
        },
        b: {
          initial: 'x',
          states: { x: { description: 'Inside.', after: { 500: 'y' } }, y: {} },
        },
      },
    });
    const result = coverage('sample', machine);
    expect(result.missing.sort()).toEqual(
      [
        'sample: state a, on go (1 of 2, if isReady)',
        'sample: state a, on skip',
        'sample: state a, on load done',
        'sample: state b',
        'sample: state b.x, on after 500',
        'sample: state b.y',
      ].sort(),
    );
    expect(result).toMatchObject({ states: 4, statesDescribed: 2, transitions: 6, transitionsDescribed: 2 });
    expect(coverageSummary([result, coverage('m', described)])).toBe(
      'Described: 6 of 8 states (75%), 5 of 9 transitions (55.5%).',
    );
  });
});
