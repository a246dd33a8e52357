// The phone input: digits only, capped by the mask; the selected country is reported to the parent
// once 1 s after start and at once whenever it changes (the app supplies reportCountry).
import { assign, setup } from 'xstate';
import { phone } from '../contracts/constants';
import { findCountry } from '../contracts/countries';
import { toDigits } from './phone-input.connect';
import type { PhoneInputContext, PhoneInputEvent, PhoneInputInput } from './phone-input.types';

export { formatPhone } from './phone-input.connect';
export type * from './phone-input.types';

export const phoneInputMachine = setup({
  types: {
    context: {} as PhoneInputContext,
    events: {} as PhoneInputEvent,
    input: {} as PhoneInputInput | undefined,
  },
  guards: {
    isNewKnownCountry: ({ context, event }) =>
      event.type === 'country.selected' &&
      findCountry(event.code) !== undefined &&
      event.code.toUpperCase() !== context.country,
  },
  delays: {
    countryReport: phone.countryReportDelayMs,
  },
  actions: {
    setNumber: assign(({ context, event }) =>
      event.type === 'number.changed' ? { number: toDigits(event.value, context.mask) } : {},
    ),
    // A new country makes the old number meaningless (docs/product.md §5 Registration).
    setCountry: assign(({ event }) =>
      event.type === 'country.selected' ? { country: event.code.toUpperCase(), number: '' } : {},
    ),
    // Supplied by the app:
    reportCountry: (_, _params: { code: string }) => {},
  },
}).createMachine({
  id: 'phoneInput',
  context: ({ input }) => {
    const mask = input?.mask?.includes('#') ? input.mask : phone.defaultMask;
    return {
      country: (findCountry(input?.country)?.code ?? phone.defaultCountry).toUpperCase(),
      number: toDigits(input?.number ?? '', mask),
      mask,
    };
  },
  initial: 'starting',
  on: {
    'number.changed': {
      actions: 'setNumber',
      description: "The person types the number: digits only, as long as the country's format allows.",
    },
  },
  states: {
    starting: {
      description:
        'The phone field has just appeared with a preselected country; the form learns of it a moment later, unless the person picks one first.',
      after: {
        countryReport: {
          target: 'ready',
          actions: { type: 'reportCountry', params: ({ context }) => ({ code: context.country }) },
          description: 'A moment later: the form learns of the preselected country.',
        },
      },
      on: {
        'country.selected': {
          guard: 'isNewKnownCountry',
          target: 'ready',
          actions: ['setCountry', { type: 'reportCountry', params: ({ context }) => ({ code: context.country }) }],
          description: 'The person picks another country: the form learns of it at once.',
        },
      },
    },
    ready: {
      description: 'The person types the number and may change the country.',
      on: {
        'country.selected': {
          guard: 'isNewKnownCountry',
          actions: ['setCountry', { type: 'reportCountry', params: ({ context }) => ({ code: context.country }) }],
          description: 'The person picks another country: the form learns of it at once.',
        },
      },
    },
  },
});
