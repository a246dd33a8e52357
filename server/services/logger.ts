import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';
import type { LogLevel } from '../config';

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/**
 * Field names whose values never reach a log line: credentials, tokens, payout details, request
 * bodies, hashes and signatures. Our code logs none of them on purpose; this is the net under a
 * future mistake (a row, a header set or a body handed to the logger whole).
 */
export const redactedKeys = [
  'password',
  'password_confirmation',
  'current_password',
  'new_password',
  'temporary_password',
  'password_hash',
  'token',
  'token_hash',
  'gift_token',
  'access_token',
  'refresh_token',
  'stream_token',
  'metricsToken',
  'secret',
  'jwt',
  'jwtSecret',
  'jwt_secret',
  'authorization',
  'cookie',
  'set-cookie',
  'body',
  'hash',
  'account_number',
  'accountNumber',
  'account_number_enc',
  'payout',
  'payoutKey',
  'payout_key',
  'payout_info',
  'sig',
  'signature',
  'digest',
] as const;

/**
 * The keys also redacted one and two objects (or arrays) down, whatever their parents are called.
 * Each leading-wildcard path costs about half a microsecond on every line, so the nested net is
 * the short list of what could sit inside a logged row (a user's password hash, an order's gift
 * link), header set or request.
 */
const nestedRedactedKeys = [
  'password',
  'password_hash',
  'token',
  'gift_token',
  'secret',
  'authorization',
  'cookie',
  'body',
  'account_number',
  'payout',
  'sig',
] as const;

const pathOf = (key: string) => (/^[A-Za-z_]\w*$/.test(key) ? key : `["${key}"]`);

/** pino paths: `password`…, then `*.password` and `*.*.password` for the nested list. */
const redactPaths = [
  ...redactedKeys.map(pathOf),
  ...nestedRedactedKeys.flatMap((key) => [`*.${pathOf(key)}`, `*.*.${pathOf(key)}`]),
];

/** name, message and stack (and a system error's code), never the enumerable rest an error may carry. */
function serializeError(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  const code = (value as { code?: unknown }).code;
  return {
    name: value.name,
    message: value.message,
    stack: value.stack,
    ...(typeof code === 'string' ? { code } : {}),
  };
}

/** Fields added to every line written while a piece of work (a request) runs: its request id. */
const logScope = new AsyncLocalStorage<LogFields>();

/** Runs `work` with `fields` on every line any logger writes meanwhile, through awaits and callbacks. */
export function withLogFields<T>(fields: LogFields, work: () => T): T {
  return logScope.run({ ...logScope.getStore(), ...fields }, work);
}

let stdout: pino.DestinationStream | undefined;
// One buffered stdout writer for the process (pino flushes it on exit), however many loggers exist.
const stdoutDestination = () => {
  stdout ??= pino.destination({ dest: 1, sync: false });
  return stdout;
};

/**
 * One JSON line per event (`time`, `level`, `message`, the fields, and `request_id` inside a request),
 * on stdout, or handed to `write` (tests). Secret-named fields are replaced by "[redacted]".
 */
export function createLogger(level: LogLevel, write?: (line: string) => void): Logger {
  const destination = write ? { write: (chunk: string) => write(chunk.replace(/\n$/, '')) } : stdoutDestination();
  const log = pino(
    {
      level,
      base: undefined,
      messageKey: 'message',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { error: serializeError, err: serializeError },
      redact: { paths: redactPaths, censor: '[redacted]' },
      mixin: () => logScope.getStore() ?? {},
    },
    level === 'silent' ? { write: () => undefined } : destination,
  );
  const at =
    (name: 'debug' | 'info' | 'warn' | 'error') =>
    (message: string, fields?: LogFields): void =>
      log[name](fields ?? {}, message);
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export const silentLogger: Logger = createLogger('silent');
