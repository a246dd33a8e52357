import { createHash, createPublicKey, type KeyObject, timingSafeEqual, verify as verifySignature } from 'node:crypto';
import * as v from 'valibot';
import type { PaymentStatus } from '../../contracts/order';
import type { DragonPayConfig } from '../config';
import type { Clock } from '../services/clock';
import type { Logger } from '../services/logger';
import { dragonPayProcId, methodsFor } from './methods';
import { paymentMessages } from './payment-messages';
import {
  amountText,
  type CallbackFields,
  type CreatedPayment,
  centavosOf,
  type PaymentCustomer,
  type PaymentProvider,
  type PaymentRequest,
  ProviderError,
  type ProviderTransaction,
  type VerifiedCallback,
} from './provider';

/**
 * DragonPay's status codes (PS API v2) and what each means for our payment. Unknown (U) and
 * authorized-not-captured (A) are not money received, so they count as pending; a refund (R) and a
 * chargeback (K) both mean the money went back (and stop the order); a void (V) is a cancelled (often expired) payment.
 */
export const dragonPayStatuses: Record<string, PaymentStatus> = {
  S: 'succeeded',
  F: 'failed',
  P: 'pending',
  U: 'pending',
  R: 'refunded',
  K: 'charged_back',
  V: 'cancelled',
  A: 'pending',
};

const statusOf = (code: string): PaymentStatus | null =>
  Object.hasOwn(dragonPayStatuses, code) ? (dragonPayStatuses[code] as PaymentStatus) : null;

const createAnswerSchema = v.object({
  RefNo: v.pipe(v.string(), v.nonEmpty(), v.maxLength(40)),
  Status: v.string(),
  Url: v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//i)),
  Message: v.optional(v.nullable(v.string())),
});

const inquirySchema = v.object({
  Status: v.string(),
  Amount: v.union([v.number(), v.string()]),
  Currency: v.string(),
});

const keysSchema = v.array(v.object({ value: v.string(), status: v.optional(v.string()) }));

export interface DragonPayOptions {
  config: DragonPayConfig;
  logger: Logger;
  clock: Clock;
  /** How long one call to DragonPay may take. */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

/** Constant-time comparison of two hex digests (any case); false when either is malformed. */
function sameHex(expectedHex: string, receivedHex: string): boolean {
  if (!/^[0-9a-fA-F]+$/.test(receivedHex) || receivedHex.length !== expectedHex.length) return false;
  return timingSafeEqual(Buffer.from(expectedHex.toLowerCase(), 'hex'), Buffer.from(receivedHex.toLowerCase(), 'hex'));
}

const KEY_CACHE_MS = 60 * 60 * 1000;
const KEY_REFRESH_MIN_MS = 60 * 1000;

/**
 * DragonPay Payment Switch v2 (REST "collect" API). Create: POST `{api}/{txnid}/post` with Basic
 * auth (merchant id : password) and a JSON body. Callbacks (postback and browser return) carry
 * `txnid, refno, status, message, digest` where digest = SHA-1 hex of
 * `txnid:refno:status:message:password`; newer callbacks add `signatures` (base64 RSA-SHA256 over
 * `txnid:refno:status:message:merchantid:param1:param2:amount`, checked against DragonPay's callback
 * keys from `{api v1}/keys/callback`). Every proof that is sent must hold, and at least one must be
 * sent. The amount is trusted only when the RSA signature covers it; otherwise a success is confirmed
 * through the status inquiry `GET {api}/txnid/{txnid}` before the payment counts.
 */
export function createDragonPayProvider(options: DragonPayOptions): PaymentProvider {
  const { config, logger, clock } = options;
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const environment = new URL(config.apiUrl).hostname === 'gw.dragonpay.ph' ? 'live' : 'test';
  const authorization = `Basic ${Buffer.from(`${config.merchantId}:${config.password}`, 'utf8').toString('base64')}`;
  const keysUrl = `${config.apiUrl.replace(/\/v2$/, '/v1')}/keys/callback`;
  let keys: { list: KeyObject[]; at: number } | undefined;
  let lastKeyFetch = 0;

  async function call(url: string, init: RequestInit, what: string): Promise<unknown> {
    let res: Response;
    try {
      res = await doFetch(url, {
        ...init,
        headers: { Authorization: authorization, Accept: 'application/json', ...init.headers },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      throw new ProviderError(paymentMessages.providerUnreachable, { call: what, error: (error as Error).name });
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) {
      throw new ProviderError(paymentMessages.providerRefused, {
        call: what,
        httpStatus: res.status,
        // DragonPay answers errors with a short text or {Message}; never our credentials.
        providerMessage: text.slice(0, 200),
      });
    }
    try {
      return JSON.parse(text);
    } catch {
      throw new ProviderError(paymentMessages.providerRefused, { call: what, reason: 'answer is not JSON' });
    }
  }

  /** DragonPay's active callback keys: cached for an hour, fetched again on demand at most once a minute. */
  async function callbackKeys(refresh: boolean): Promise<KeyObject[]> {
    const now = clock.now().getTime();
    // A flood of forged signatures must not turn into a flood of requests to DragonPay.
    const mayFetch = lastKeyFetch === 0 || now - lastKeyFetch >= KEY_REFRESH_MIN_MS;
    const stale = !keys || now - keys.at >= KEY_CACHE_MS;
    if (keys && !((stale || refresh) && mayFetch)) return keys.list;
    if (!mayFetch) throw new ProviderError(paymentMessages.providerUnreachable, { call: 'keys', reason: 'backoff' });
    lastKeyFetch = now;
    const answer = v.safeParse(keysSchema, await call(keysUrl, { method: 'GET' }, 'keys'));
    if (!answer.success) throw new ProviderError(paymentMessages.providerRefused, { call: 'keys', reason: 'shape' });
    const list: KeyObject[] = [];
    for (const key of answer.output) {
      if (key.status !== undefined && key.status.toLowerCase() !== 'active') continue;
      try {
        list.push(createPublicKey({ key: Buffer.from(key.value, 'base64'), format: 'der', type: 'spki' }));
      } catch {
        logger.warn('dragonpay callback key unreadable', { call: 'keys' });
      }
    }
    keys = { list, at: now };
    return list;
  }

  async function rsaSignatureHolds(message: string, signature: string): Promise<boolean> {
    if (!/^[A-Za-z0-9+/=_-]{16,2048}$/.test(signature)) return false;
    const bytes = Buffer.from(signature, /[-_]/.test(signature) ? 'base64url' : 'base64');
    const check = (list: KeyObject[]) =>
      list.some((key) => {
        try {
          return verifySignature('sha256', Buffer.from(message, 'utf8'), key, bytes);
        } catch {
          return false;
        }
      });
    if (check(await callbackKeys(false))) return true;
    // DragonPay rotates its keys: one fresh look before calling the signature forged.
    return check(await callbackKeys(true));
  }

  return {
    name: 'dragonpay',
    methods: methodsFor('dragonpay'),

    async createPayment(payment: PaymentRequest, method: string, customer: PaymentCustomer): Promise<CreatedPayment> {
      const procId = dragonPayProcId(method, environment);
      if (!procId) throw new ProviderError(paymentMessages.methodUnavailable, { method });
      // Amount is a JSON number written with exactly two decimals (2500.00), as the API documents.
      const rest = JSON.stringify({
        Currency: payment.currency,
        Description: payment.description.slice(0, 128),
        Email: customer.email,
        ProcId: procId,
      });
      const body = `{"Amount":${amountText(payment.amountCentavos)},${rest.slice(1)}`;
      const url = `${config.apiUrl}/${encodeURIComponent(payment.txnid)}/post`;
      const answer = v.safeParse(
        createAnswerSchema,
        await call(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }, 'create'),
      );
      if (!answer.success) {
        throw new ProviderError(paymentMessages.providerRefused, { call: 'create', reason: 'answer shape' });
      }
      const { RefNo, Status, Url, Message } = answer.output;
      if (Status !== 'S') {
        throw new ProviderError(paymentMessages.providerRefused, {
          call: 'create',
          providerStatus: Status,
          providerMessage: (Message ?? '').slice(0, 200),
        });
      }
      return { Url, RefNo, Status };
    },

    async verifyCallback(fields: CallbackFields): Promise<VerifiedCallback | null> {
      const { txnid, refno, status, message = '', digest, param1 = '', param2 = '' } = fields;
      const signature = fields.signatures ?? fields.signature;
      if (!txnid || refno === undefined || !status || (digest === undefined && signature === undefined)) return null;
      // A callback of another merchant's account is never ours, however well it is signed.
      if (fields.merchantid !== undefined && fields.merchantid !== config.merchantId) return null;

      if (digest !== undefined) {
        const expected = createHash('sha1')
          .update(`${txnid}:${refno}:${status}:${message}:${config.password}`, 'utf8')
          .digest('hex');
        if (!sameHex(expected, digest)) return null;
      }
      let signedAmount: number | null = null;
      if (signature !== undefined) {
        const amount = centavosOf(fields.amount);
        if (amount === null) return null;
        const signed = [txnid, refno, status, message, config.merchantId, param1, param2, amountText(amount)].join(':');
        if (!(await rsaSignatureHolds(signed, signature))) return null;
        signedAmount = amount;
      }
      return {
        txnid,
        refno,
        status: statusOf(status),
        rawStatus: status,
        amountCentavos: signedAmount,
        currency: signedAmount === null ? null : (fields.ccy ?? fields.currency ?? 'PHP'),
      };
    },

    async lookUp(txnid: string): Promise<ProviderTransaction> {
      const answer = v.safeParse(
        inquirySchema,
        await call(`${config.apiUrl}/txnid/${encodeURIComponent(txnid)}`, { method: 'GET' }, 'inquiry'),
      );
      if (!answer.success) throw new ProviderError(paymentMessages.providerRefused, { call: 'inquiry' });
      const { Status, Amount, Currency } = answer.output;
      const amountCentavos = typeof Amount === 'number' ? Math.round(Amount * 100) : centavosOf(Amount);
      if (amountCentavos === null || !Number.isFinite(amountCentavos)) {
        throw new ProviderError(paymentMessages.providerRefused, { call: 'inquiry', reason: 'amount' });
      }
      return { rawStatus: Status, status: statusOf(Status), amountCentavos, currency: Currency };
    },
  };
}
