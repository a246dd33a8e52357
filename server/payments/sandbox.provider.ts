import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentStatus } from '../../contracts/order';
import { newSandboxRefNo, txnidPattern } from './ids';
import { methodsFor } from './methods';
import {
  amountText,
  type CallbackFields,
  type CreatedPayment,
  centavosOf,
  type PaymentProvider,
  type PaymentRequest,
  type VerifiedCallback,
} from './provider';

/** What the sandbox pay page's buttons mean. */
export const sandboxOutcomes = {
  pay: 'succeeded',
  fail: 'failed',
  cancel: 'cancelled',
  // Offered once a payment succeeded: the provider reverses it, as a bank's chargeback would.
  chargeback: 'charged_back',
} as const;
export type SandboxAction = keyof typeof sandboxOutcomes;
type SandboxStatus = (typeof sandboxOutcomes)[SandboxAction];

const sandboxStatuses: readonly string[] = Object.values(sandboxOutcomes);

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** The fields of the postback the sandbox "sends" for a payment, signed like a provider would. */
  postbackFor(payment: {
    txnid: string;
    refno: string;
    amountCentavos: number;
    currency: string;
    status: SandboxStatus;
  }): CallbackFields;
}

/**
 * The default provider: its own pay page on our server (GET /payments/sandbox/{txnid}) whose buttons
 * make the server post a callback to itself, through the same handler as a real provider's. The
 * callback is signed with HMAC-SHA256 under a key derived from the JWT secret (its own label, so the
 * signature can stand in for nothing else) and verified like DragonPay's digest: in constant time,
 * over every field that matters, amount and currency included.
 */
export function createSandboxProvider(options: { publicUrl: string; jwtSecret: string }): SandboxProvider {
  const key = createHmac('sha256', options.jwtSecret).update('labsongs/sandbox-callback/v1').digest();
  const signatureOf = (f: { txnid: string; refno: string; status: string; amount: string; currency: string }) =>
    createHmac('sha256', key).update(`${f.txnid}:${f.refno}:${f.status}:${f.amount}:${f.currency}`).digest('hex');

  return {
    name: 'sandbox',
    methods: methodsFor('sandbox'),

    async createPayment(payment: PaymentRequest): Promise<CreatedPayment> {
      return { Url: `${options.publicUrl}/payments/sandbox/${payment.txnid}`, RefNo: newSandboxRefNo(), Status: 'S' };
    },

    postbackFor(payment) {
      const fields = {
        txnid: payment.txnid,
        refno: payment.refno,
        status: payment.status,
        amount: amountText(payment.amountCentavos),
        currency: payment.currency,
      };
      return { ...fields, signature: signatureOf(fields) };
    },

    async verifyCallback(fields: CallbackFields): Promise<VerifiedCallback | null> {
      const { txnid = '', refno = '', status = '', amount = '', currency = '', signature = '' } = fields;
      if (!txnidPattern.test(txnid) || !/^[0-9a-f]{64}$/.test(signature)) return null;
      const expected = Buffer.from(signatureOf({ txnid, refno, status, amount, currency }), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return null;
      const amountCentavos = centavosOf(amount);
      if (amountCentavos === null || !sandboxStatuses.includes(status)) return null;
      return { txnid, refno, status: status as PaymentStatus, rawStatus: status, amountCentavos, currency };
    },
  };
}
