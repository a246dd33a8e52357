import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for DragonPay's Payment Switch v2 collect API on 127.0.0.1 (random port), speaking the
 * same protocol as the real one as far as this app uses it:
 * - POST /api/collect/v2/{txnid}/post (Basic auth merchant:password, JSON Amount/Currency/Description/
 *   Email/ProcId) → {RefNo, Status: 'S', Message, Url};
 * - GET /api/collect/v2/txnid/{txnid} (status inquiry) → {RefNo, TxnId, Amount, Currency, Status, …};
 * - GET /api/collect/v1/keys/callback → [{value: base64 DER SPKI, status: 'Active'}];
 * and it signs postbacks the way DragonPay does (SHA-1 digest, RSA-SHA256 `signatures`).
 */
export interface StandInTransaction {
  txnid: string;
  refno: string;
  amount: number;
  currency: string;
  description: string;
  email: string;
  procId: string;
  status: string;
  /** The raw request body, to check how Amount was written. */
  rawBody: string;
}

export interface StandInRequest {
  method: string;
  path: string;
  authorized: boolean;
}

export interface DragonPayStandIn {
  /** e.g. http://127.0.0.1:41234/api/collect/v2 (what DRAGONPAY_API_URL is set to). */
  apiUrl: string;
  merchantId: string;
  password: string;
  transactions: Map<string, StandInTransaction>;
  requests: StandInRequest[];
  /** The next create answers with this HTTP status and body instead (once). */
  failNextCreate(status: number, body: unknown): void;
  /** Changes what the status inquiry reports (as if the customer paid, or paid another amount). */
  settle(txnid: string, change: { status?: string; amount?: number; currency?: string }): void;
  /** The fields DragonPay would post back: `digest` always, `signatures` + amount/ccy when `signed`. */
  postback(
    txnid: string,
    status: string,
    options?: { signed?: boolean; amount?: string; message?: string; digest?: boolean; password?: string },
  ): Record<string, string>;
  digestOf(txnid: string, refno: string, status: string, message: string, password?: string): string;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startDragonPayStandIn(
  merchantId = 'LABSONGS',
  password = `pw-${randomBytes(6).toString('hex')}:with:colons`,
): Promise<DragonPayStandIn> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicDer = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  const transactions = new Map<string, StandInTransaction>();
  const requests: StandInRequest[] = [];
  let nextFailure: { status: number; body: unknown } | undefined;
  const expectedAuth = `Basic ${Buffer.from(`${merchantId}:${password}`).toString('base64')}`;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    const authorized = req.headers.authorization === expectedAuth;
    requests.push({ method: req.method ?? '', path, authorized });
    if (!authorized) return json(res, 401, { Message: 'Unauthorized' });

    const create = /^\/api\/collect\/v2\/([^/]+)\/post$/.exec(path);
    if (req.method === 'POST' && create) {
      const txnid = decodeURIComponent(create[1] as string);
      const rawBody = await readBody(req);
      if (nextFailure) {
        const failure = nextFailure;
        nextFailure = undefined;
        return json(res, failure.status, failure.body);
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(rawBody);
      } catch {
        return json(res, 400, { Message: 'Bad request' });
      }
      // The API takes Amount as a number with two decimals.
      if (!/"Amount":\d+\.\d{2}[,}]/.test(rawBody) || body.Currency !== 'PHP' || typeof body.ProcId !== 'string') {
        return json(res, 422, { Status: 'F', Message: 'Invalid parameters' });
      }
      if (transactions.has(txnid)) return json(res, 200, { RefNo: '', Status: 'F', Message: 'Duplicate txnid' });
      const refno = `DP${randomBytes(4).toString('hex').toUpperCase()}`;
      transactions.set(txnid, {
        txnid,
        refno,
        amount: body.Amount as number,
        currency: body.Currency as string,
        description: String(body.Description),
        email: String(body.Email),
        procId: body.ProcId,
        status: 'P',
        rawBody,
      });
      return json(res, 200, {
        RefNo: refno,
        Status: 'S',
        Message: '',
        Url: `https://test.dragonpay.ph/Pay.aspx?tokenid=${randomBytes(8).toString('hex')}&procid=${body.ProcId}`,
      });
    }

    const inquiry = /^\/api\/collect\/v2\/txnid\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && inquiry) {
      const txn = transactions.get(decodeURIComponent(inquiry[1] as string));
      if (!txn) return json(res, 404, { Message: 'Not found' });
      return json(res, 200, {
        RefNo: txn.refno,
        MerchantId: merchantId,
        TxnId: txn.txnid,
        Amount: txn.amount,
        Currency: txn.currency,
        Description: txn.description,
        Status: txn.status,
        Email: txn.email,
        ProcId: txn.procId,
      });
    }

    if (req.method === 'GET' && path === '/api/collect/v1/keys/callback') {
      return json(res, 200, [{ value: publicDer, status: 'Active' }]);
    }
    json(res, 404, { Message: 'Not found' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const digestOf = (txnid: string, refno: string, status: string, message: string, pw = password) =>
    createHash('sha1').update(`${txnid}:${refno}:${status}:${message}:${pw}`).digest('hex');

  return {
    apiUrl: `http://127.0.0.1:${port}/api/collect/v2`,
    merchantId,
    password,
    transactions,
    requests,
    failNextCreate(status, body) {
      nextFailure = { status, body };
    },
    settle(txnid, change) {
      const txn = transactions.get(txnid);
      if (!txn) throw new Error(`stand-in: no transaction ${txnid}`);
      if (change.status !== undefined) txn.status = change.status;
      if (change.amount !== undefined) txn.amount = change.amount;
      if (change.currency !== undefined) txn.currency = change.currency;
    },
    postback(txnid, status, options = {}) {
      const txn = transactions.get(txnid);
      const refno = txn?.refno ?? 'DPUNKNOWN';
      const message = options.message ?? `[000] BOG Reference No: 20260101 #${refno}`;
      const fields: Record<string, string> = { txnid, refno, status, message };
      if (options.digest !== false) fields.digest = digestOf(txnid, refno, status, message, options.password);
      if (options.signed) {
        const amount = options.amount ?? (txn ? txn.amount.toFixed(2) : '0.00');
        fields.amount = amount;
        fields.ccy = txn?.currency ?? 'PHP';
        fields.procid = txn?.procId ?? '';
        const signed = [txnid, refno, status, message, merchantId, '', '', amount].join(':');
        fields.signatures = sign('sha256', Buffer.from(signed), privateKey).toString('base64');
      }
      return fields;
    },
    digestOf,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
