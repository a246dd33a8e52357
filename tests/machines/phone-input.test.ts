import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import { phone } from '../../contracts/constants';
import { formatPhone, maskCapacity, toDigits } from '../../machines/phone-input.connect';
import { type PhoneInputEvent, type PhoneInputInput, phoneInputMachine } from '../../machines/phone-input.machine';
import {
  type ActionLog,
  describePath,
  distinctPaths,
  expectAllStatesCovered,
  expectAllTransitionsCovered,
  FakeCalls,
  getTransitionPaths,
  type Harness,
  leafStateKeys,
  recordingActions,
  runPath,
  type StepCheck,
} from './model';

const events = [
  { type: 'number.changed', value: '(917) 123-4567 89' },
  { type: 'number.changed', value: '' },
  { type: 'country.selected', code: 'US' },
  { type: 'country.selected', code: 'ph' },
  { type: 'country.selected', code: 'ZZ' },
  { type: 'xstate.after.countryReport.phoneInput.starting' },
] as PhoneInputEvent[];

function start(input?: PhoneInputInput): Harness {
  const log: ActionLog = [];
  const machine = phoneInputMachine.provide({ actions: recordingActions(['reportCountry'], log) });
  return { actor: createActor(machine, { input }).start(), fakes: new FakeCalls(), log };
}

const stateExpectations: Record<string, (s: any, h: Harness) => void> = {
  starting: (_s, h) => {
    // Nothing reported yet; the report timer is armed.
    expect(h.log).toEqual([]);
    expect(vi.getTimerCount()).toBe(1);
  },
  ready: (s, h) => {
    // The parent has heard of the current country, last.
    expect(h.log.at(-1)).toEqual({ type: 'reportCountry', params: { code: s.context.country } });
    expect(vi.getTimerCount()).toBe(0);
  },
};

function stepExpectations({ event, before, after, actions }: StepCheck<Harness>): void {
  expect(after.context.number).toMatch(/^\d*$/);
  expect(after.context.number.length).toBeLessThanOrEqual(maskCapacity(after.context.mask));
  if (event.type === 'country.selected') {
    const changed = after.context.country !== before.context.country;
    expect(actions).toEqual(changed ? [{ type: 'reportCountry', params: { code: after.context.country } }] : []);
    if (changed) expect(after.context.number).toBe('');
  } else if (event.type.startsWith('xstate.after.')) {
    expect(actions).toEqual([{ type: 'reportCountry', params: { code: before.context.country } }]);
  } else {
    expect(actions).toEqual([]);
  }
}

describe('phoneInputMachine: model-based paths', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => vi.useRealTimers());

  const seen = new Set<string>();
  const shortest = getTransitionPaths(phoneInputMachine, { events }, seen);
  // Longer runs too, where one takes a step the transition paths did not (none, at present).
  const simple = distinctPaths(phoneInputMachine, getSimplePaths(phoneInputMachine, { events }), { seen });

  it('takes every transition', () => expectAllTransitionsCovered(phoneInputMachine, shortest));
  it('reaches every state', () => expectAllStatesCovered(phoneInputMachine, shortest));
  it('has expectations for every state', () => {
    expect(Object.keys(stateExpectations).sort()).toEqual(leafStateKeys(phoneInputMachine).sort());
  });
  for (const path of [...shortest, ...simple]) {
    it(describePath(path), async () => {
      await runPath(path, () => start(), { states: stateExpectations, step: stepExpectations });
    });
  }
});

describe('phoneInputMachine: docs/product.md §5 Phone input', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it('defaults to the preselected country and the mask ### ### ####', () => {
    const h = start();
    expect(h.actor.getSnapshot().context).toEqual({ country: 'PH', number: '', mask: '### ### ####' });
    expect(phone.defaultMask).toBe('### ### ####');
  });

  it('reports the country to the parent 1000 ms after start, not before', async () => {
    const h = start({ country: 'jp' });
    await vi.advanceTimersByTimeAsync(999);
    expect(h.log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.log).toEqual([{ type: 'reportCountry', params: { code: 'JP' } }]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.log).toHaveLength(1);
  });

  it('reports a change at once, before and after the first second, and only real changes', async () => {
    const h = start();
    await vi.advanceTimersByTimeAsync(200);
    h.actor.send({ type: 'country.selected', code: 'PH' });
    expect(h.log).toEqual([]);
    h.actor.send({ type: 'country.selected', code: 'US' });
    expect(h.log).toEqual([{ type: 'reportCountry', params: { code: 'US' } }]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(h.log).toHaveLength(1);
    h.actor.send({ type: 'country.selected', code: 'GB' });
    expect(h.log.at(-1)).toEqual({ type: 'reportCountry', params: { code: 'GB' } });
    h.actor.send({ type: 'country.selected', code: 'XX' });
    expect(h.log).toHaveLength(2);
  });

  it('strips non-digits and caps the number to the mask', () => {
    const h = start({ mask: phone.contactNumberMask });
    h.actor.send({ type: 'number.changed', value: '+63 (917) 123-4567 ext. 8901234567890' });
    expect(h.actor.getSnapshot().context.number).toBe('63917123456789012345');
    expect(h.actor.getSnapshot().context.number).toHaveLength(20);
    const short = start();
    short.actor.send({ type: 'number.changed', value: '917-123-4567-89' });
    expect(short.actor.getSnapshot().context.number).toBe('9171234567');
  });

  it('lays the digits into the mask groups', () => {
    expect(formatPhone('9171234567', '### #### ### #### #### ##')).toBe('917 1234 567');
    expect(formatPhone('9171234567', '### ### ####')).toBe('917 123 4567');
    expect(formatPhone('917', '### ### ####')).toBe('917');
    expect(formatPhone('9171', '### ### ####')).toBe('917 1');
    expect(formatPhone('', '### ### ####')).toBe('');
    expect(formatPhone('12345678901234567890', phone.contactNumberMask)).toBe('123 4567 890 1234 5678 90');
    expect(formatPhone('12345', '(###) ###-####')).toBe('(123) 45');
    expect(maskCapacity(phone.contactNumberMask)).toBe(20);
    expect(toDigits('a1b2', '##')).toBe('12');
    const h = start();
    h.actor.send({ type: 'number.changed', value: '9171234567' });
    const { number, mask } = h.actor.getSnapshot().context;
    expect(number).toBe('9171234567');
    expect(formatPhone(number, mask)).toBe('917 123 4567');
    expect(maskCapacity(mask)).toBe(10);
  });

  it('takes a supplied mask and starting number; ignores an unknown country or a mask without digits', () => {
    expect(start({ mask: '#### ####', number: '12-34-56-78-9' }).actor.getSnapshot().context).toEqual({
      country: 'PH',
      number: '12345678',
      mask: '#### ####',
    });
    expect(start({ country: 'ZZ', mask: 'abc' }).actor.getSnapshot().context).toEqual({
      country: 'PH',
      number: '',
      mask: '### ### ####',
    });
  });

  it('a new country clears the number', () => {
    const h = start();
    h.actor.send({ type: 'number.changed', value: '9171234567' });
    h.actor.send({ type: 'country.selected', code: 'US' });
    expect(h.actor.getSnapshot().context.number).toBe('');
  });

  it('runs with its default action (the visualiser)', async () => {
    const actor = createActor(phoneInputMachine, { input: {} }).start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().value).toBe('ready');
  });
});
