import type { PaymentProviderName } from '../config';

/**
 * The one table of payment methods (contracts/order.ts paymentMethods) and what each provider does
 * with them. DragonPay's ProcId locks the payment to one channel (PS API v2: "ProcId"); the codes are
 * DragonPay's own processor ids. Its test environment only settles its "Bogus Bank" channels, so the
 * test API gets those for bank and over-the-counter; the live gateway (gw.dragonpay.ph) gets real ones.
 */
export const paymentMethodTable = {
  sandbox: { providers: ['sandbox'], dragonpay: null },
  gcash: { providers: ['sandbox', 'dragonpay'], dragonpay: { live: 'GCSH', test: 'GCSH' } },
  // BPIA = BPI Online/Mobile; BOG = Bogus Bank online (test only).
  bank: { providers: ['sandbox', 'dragonpay'], dragonpay: { live: 'BPIA', test: 'BOG' } },
  // 711 = 7-Eleven (pay in cash at the counter); BOGX = Bogus Bank over-the-counter (test only).
  otc: { providers: ['sandbox', 'dragonpay'], dragonpay: { live: '711', test: 'BOGX' } },
} as const satisfies Record<
  string,
  { providers: readonly PaymentProviderName[]; dragonpay: { live: string; test: string } | null }
>;

export type PaymentMethod = keyof typeof paymentMethodTable;

const isMethod = (method: string): method is PaymentMethod => Object.hasOwn(paymentMethodTable, method);

/** The methods a provider takes, in the table's order. */
export const methodsFor = (provider: PaymentProviderName): PaymentMethod[] =>
  (Object.keys(paymentMethodTable) as PaymentMethod[]).filter((method) =>
    (paymentMethodTable[method].providers as readonly string[]).includes(provider),
  );

/** DragonPay's ProcId for a method, or undefined when DragonPay does not take it. */
export function dragonPayProcId(method: string, environment: 'live' | 'test'): string | undefined {
  if (!isMethod(method)) return undefined;
  return paymentMethodTable[method].dragonpay?.[environment];
}
