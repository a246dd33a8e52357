// The sandbox payment provider takes no money: when it is active, every page says so.

/** Set on <html> by the server in every page it sends while the sandbox is active (server/http/static.ts). */
export const sandboxPageAttribute = 'data-payments';
export const sandboxPageAttributeValue = 'sandbox';

export const sandboxBanner = {
  /** The landmark's name, for screen readers' landmark lists. */
  label: 'Test site',
  text: 'Payments are simulated: this site takes no real money.',
} as const;
