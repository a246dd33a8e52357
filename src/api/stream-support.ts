/**
 * Whether this browser can hold a live stream; without it the bell still lists and marks. Apart from
 * notifications.api.ts so that the app can tell the root at start without loading the bell's code.
 */
export function canStreamNotifications(): boolean {
  return typeof globalThis.EventSource === 'function';
}
