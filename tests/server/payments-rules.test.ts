import { describe, expect, it } from 'vitest';
import { paymentMethodValues, paymentStatuses } from '../../contracts/order';
import { decidePayment, providerEvent } from '../../machines/payment-attempt';
import { ConfigError, loadConfig } from '../../server/config';
import { fieldsOf } from '../../server/payments/callbacks';
import { dragonPayStatuses } from '../../server/payments/dragonpay.provider';
import { newSandboxRefNo, newTxnid, txnidPattern } from '../../server/payments/ids';
import { dragonPayProcId, methodsFor, paymentMethodTable } from '../../server/payments/methods';
import { amountText, centavosOf } from '../../server/payments/provider';
import { checkoutPageFor, checkoutRedirect } from '../../server/payments/redirects';

describe('payment configuration', () => {
  it('defaults to the sandbox', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'sandbox' });
  });

  it('reads DragonPay credentials, with the test collect API as the default URL', () => {
    const config = loadConfig({
      PAYMENT_PROVIDER: 'DragonPay',
      DRAGONPAY_MERCHANT_ID: 'LABSONGS',
      DRAGONPAY_PASSWORD: ' pass word ',
    });
    expect(config.payments).toEqual({
      provider: 'dragonpay',
      dragonpay: {
        merchantId: 'LABSONGS',
        password: ' pass word ',
        apiUrl: 'https://test.dragonpay.ph/api/collect/v2',
      },
    });
    const live = loadConfig({
      PAYMENT_PROVIDER: 'dragonpay',
      DRAGONPAY_MERCHANT_ID: 'LABSONGS',
      DRAGONPAY_PASSWORD: 'x',
      DRAGONPAY_API_URL: 'https://gw.dragonpay.ph/api/collect/v2/',
    });
    expect(live.payments.provider === 'dragonpay' && live.payments.dragonpay.apiUrl).toBe(
      'https://gw.dragonpay.ph/api/collect/v2',
    );
  });

  it('names every missing or bad variable', () => {
    const failure = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return error as ConfigError;
      }
      throw new Error('loadConfig accepted a bad environment');
    };
    const missing = failure({ PAYMENT_PROVIDER: 'dragonpay' });
    expect(missing.variables.sort()).toEqual(['DRAGONPAY_MERCHANT_ID', 'DRAGONPAY_PASSWORD']);
    expect(missing.message).toContain('DRAGONPAY_MERCHANT_ID is required when PAYMENT_PROVIDER is dragonpay');
    // An empty value counts as unset.
    expect(
      failure({ PAYMENT_PROVIDER: 'dragonpay', DRAGONPAY_MERCHANT_ID: 'M', DRAGONPAY_PASSWORD: '' }).variables,
    ).toEqual(['DRAGONPAY_PASSWORD']);
    expect(failure({ PAYMENT_PROVIDER: 'paypal' }).message).toContain(
      'PAYMENT_PROVIDER must be one of sandbox, dragonpay',
    );
    const both = failure({
      PAYMENT_PROVIDER: 'dragonpay',
      DRAGONPAY_MERCHANT_ID: 'M',
      DRAGONPAY_PASSWORD: 'p',
      DRAGONPAY_API_URL: 'ftp://x',
      PORT: 'x',
    });
    expect(both.variables.sort()).toEqual(['DRAGONPAY_API_URL', 'PORT']);
    expect(
      failure({ PAYMENT_PROVIDER: 'dragonpay', DRAGONPAY_MERCHANT_ID: 'has space', DRAGONPAY_PASSWORD: 'p' }).variables,
    ).toEqual(['DRAGONPAY_MERCHANT_ID']);
    // The password never appears in the message.
    expect(
      failure({ PAYMENT_PROVIDER: 'dragonpay', DRAGONPAY_MERCHANT_ID: 'M', DRAGONPAY_PASSWORD: 'p'.repeat(201) })
        .message,
    ).not.toContain('ppp');
  });
});

describe('payment methods', () => {
  it('covers every method of the contract, and the sandbox method only on the sandbox', () => {
    expect(Object.keys(paymentMethodTable).sort()).toEqual([...paymentMethodValues].sort());
    expect(methodsFor('sandbox')).toEqual(['sandbox', 'gcash', 'bank', 'otc']);
    expect(methodsFor('dragonpay')).toEqual(['gcash', 'bank', 'otc']);
  });

  it('maps methods to DragonPay ProcIds', () => {
    expect(['gcash', 'bank', 'otc'].map((m) => dragonPayProcId(m, 'live'))).toEqual(['GCSH', 'BPIA', '711']);
    expect(['gcash', 'bank', 'otc'].map((m) => dragonPayProcId(m, 'test'))).toEqual(['GCSH', 'BOG', 'BOGX']);
    for (const method of ['sandbox', 'toString', '__proto__', 'bitcoin'])
      expect(dragonPayProcId(method, 'live')).toBeUndefined();
  });

  it('maps every DragonPay status code to one of ours', () => {
    expect(dragonPayStatuses).toEqual({
      S: 'succeeded',
      F: 'failed',
      P: 'pending',
      U: 'pending',
      R: 'refunded',
      K: 'charged_back',
      V: 'cancelled',
      A: 'pending',
    });
  });
});

describe('amounts', () => {
  it('reads amounts exactly, in centavos', () => {
    expect(centavosOf('2500.00')).toBe(250_000);
    expect(centavosOf('2500')).toBe(250_000);
    expect(centavosOf('0.1')).toBe(10);
    expect(centavosOf('3125.50')).toBe(312_550);
    expect(centavosOf(' 1.99 ')).toBe(199);
    for (const bad of [undefined, '', '-1.00', '1.001', '1e3', '1,000.00', 'NaN', '0x10', '1.'])
      expect(centavosOf(bad), String(bad)).toBeNull();
  });

  it('writes amounts with two decimals', () => {
    expect(amountText(250_000)).toBe('2500.00');
    expect(amountText(312_550)).toBe('3125.50');
    expect(amountText(5)).toBe('0.05');
  });
});

describe('ids', () => {
  it('makes unguessable txnids of the documented shape', () => {
    const ids = new Set(Array.from({ length: 500 }, newTxnid));
    expect(ids.size).toBe(500);
    for (const id of ids) expect(id).toMatch(txnidPattern);
    expect(newSandboxRefNo()).toMatch(/^SB[0-9A-Z]{8}$/);
  });
});

/** A provider's status for an order still awaiting payment, decided by machines/payment-attempt.machine.ts. */
function decideTransition(
  current: (typeof paymentStatuses)[number],
  target: (typeof paymentStatuses)[number] | null,
  amountMatches: boolean,
) {
  const event = target === null ? null : providerEvent(target, { amountMatches, order: 'awaiting_payment' });
  if (event === null) return { ignore: 'unknown provider status' };
  const decision = decidePayment(current, event);
  return decision.ok ? { to: decision.to } : { ignore: decision.reason };
}

describe('decideTransition', () => {
  it('moves a payment only forwards', () => {
    const table: [string, string | null, boolean, string][] = [
      ['pending', 'succeeded', true, 'succeeded'],
      // Another amount or currency: held for an admin's decision (payment_exceptions).
      ['pending', 'succeeded', false, 'held'],
      ['pending', 'failed', false, 'failed'],
      ['pending', 'cancelled', false, 'cancelled'],
      ['pending', 'pending', false, 'pending'],
      ['pending', 'refunded', false, 'ignore'],
      ['pending', null, false, 'ignore'],
      ['succeeded', 'succeeded', true, 'ignore'],
      ['succeeded', 'pending', false, 'ignore'],
      ['succeeded', 'failed', false, 'ignore'],
      ['succeeded', 'cancelled', false, 'ignore'],
      ['succeeded', 'refunded', false, 'refunded'],
      ['failed', 'succeeded', true, 'succeeded'],
      ['failed', 'succeeded', false, 'held'],
      ['held', 'succeeded', false, 'ignore'],
      ['held', 'succeeded', true, 'ignore'],
      ['failed', 'pending', false, 'ignore'],
      ['cancelled', 'succeeded', true, 'succeeded'],
      ['cancelled', 'failed', false, 'ignore'],
      ['refunded', 'succeeded', true, 'ignore'],
      ['refunded', 'refunded', false, 'ignore'],
    ];
    for (const [current, target, amountOk, expected] of table) {
      const decision = decideTransition(current as never, target as never, amountOk);
      expect('to' in decision ? decision.to : 'ignore', `${current} + ${target}`).toBe(expected);
    }
    for (const status of paymentStatuses) expect(decideTransition(status, null, true)).toHaveProperty('ignore');
  });
});

describe('callback fields', () => {
  it('keeps the first value of each name and refuses oversized input', () => {
    expect(fieldsOf(new URLSearchParams('a=1&a=2&b=x'))).toEqual({ a: '1', b: 'x' });
    expect(fieldsOf(new URLSearchParams(`a=${'x'.repeat(2001)}`))).toBeNull();
    expect(fieldsOf(new URLSearchParams(Array.from({ length: 41 }, (_, i) => `k${i}=v`).join('&')))).toBeNull();
    const proto = fieldsOf(new URLSearchParams('__proto__=x&constructor=y'));
    expect(Object.entries(proto ?? {})).toEqual([
      ['__proto__', 'x'],
      ['constructor', 'y'],
    ]);
    expect(Object.getPrototypeOf(proto)).toBeNull();
  });
});

describe('checkout redirects', () => {
  it('only ever point at /checkout/{success|pending|failed|cancelled} on PUBLIC_URL', () => {
    expect(checkoutRedirect('https://labsongs.example', 'success', { orderId: 7, refno: 'AB 12&x=1' })).toBe(
      'https://labsongs.example/checkout/success?order=7&ref=AB+12%26x%3D1',
    );
    expect(checkoutRedirect('https://labsongs.example/app', 'pending')).toBe(
      'https://labsongs.example/app/checkout/pending',
    );
    expect(() => checkoutRedirect('https://labsongs.example', '../admin' as never)).toThrow();
    expect(() => checkoutRedirect('https://labsongs.example', '//evil.example' as never)).toThrow();
    expect(paymentStatuses.map(checkoutPageFor)).toEqual([
      'pending',
      'success',
      'failed',
      'cancelled',
      'failed',
      'cancelled',
      'failed',
      'failed',
      'pending',
    ]);
    expect(checkoutPageFor(null)).toBe('pending');
  });
});
