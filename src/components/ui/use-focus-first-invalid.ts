import { type RefObject, useEffect, useRef } from 'react';

const focusable = 'input:not([type=hidden]), textarea, select, button, [tabindex]:not([tabindex="-1"])';

/**
 * When a submit comes back refused (the errors go from none to some), focus the form's first field with
 * a message, so keyboard and screen-reader users land on it instead of on the page's start (the busy
 * submit button was disabled, which drops focus). Returns the ref for the form.
 */
export function useFocusFirstInvalid<T extends HTMLElement>(
  errors: Readonly<Record<string, unknown>>,
): RefObject<T | null> {
  const ref = useRef<T>(null);
  const hadErrors = useRef(false);
  useEffect(() => {
    const has = Object.keys(errors).length > 0;
    if (has && !hadErrors.current && ref.current) {
      const first = ref.current.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid], [role="alert"]');
      const target = first?.matches(focusable) ? first : (first?.querySelector<HTMLElement>(focusable) ?? first);
      target?.scrollIntoView?.({ block: 'center' });
      target?.focus?.({ preventScroll: true });
    }
    hadErrors.current = has;
  }, [errors]);
  return ref;
}
