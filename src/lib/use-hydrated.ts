import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React hydrates a page that was rendered to HTML at build time (and in that render
 * itself), true from the next render on and in any page rendered in the browser from scratch. What
 * depends on the visitor (signed in or not) waits for true, so the first render matches the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
