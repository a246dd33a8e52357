import type { PaymentTaker } from '../../contracts/order';
import { sandboxPageAttribute, sandboxPageAttributeValue } from '../../contracts/sandbox';

/**
 * Who takes the payments on this site, from the mark the server puts on every page it sends while the sandbox
 * is active (the same one the sandbox banner shows by): labels name the provider, never one it is not.
 */
export function paymentTaker(): PaymentTaker {
  const mark = globalThis.document?.documentElement.getAttribute(sandboxPageAttribute);
  return mark === sandboxPageAttributeValue ? 'sandbox' : 'dragonpay';
}
