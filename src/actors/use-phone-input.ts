import { useActorRef } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { phoneInputMachine } from '../../machines/phone-input.machine';

/**
 * docs/product.md §5 phone input: the machine owns the country, the digit cap and the delayed country report
 * (`onCountryChange`); a parent that changes the country itself (a reset, a prefill) moves the picker too.
 */
export function usePhoneInput(
  input: { country: string; mask: string; number: string },
  onCountryChange: (code: string) => void,
) {
  const onCountryChangeRef = useRef(onCountryChange);
  onCountryChangeRef.current = onCountryChange;
  const actor = useActorRef(
    phoneInputMachine.provide({ actions: { reportCountry: (_, p) => onCountryChangeRef.current(p.code) } }),
    { input },
  );
  const { country } = input;
  useEffect(() => {
    if (actor.getSnapshot().context.country !== country) actor.send({ type: 'country.selected', code: country });
  }, [actor, country]);
  return actor;
}
