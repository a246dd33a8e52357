import type { LogLevel } from '../config';

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

// Keys whose values must never reach a log line, however they are nested.
const secretKey = /pass(word)?|token|secret|authorization|cookie|body|hash|jwt|account_?number|payout|^sig$/i;

function redact(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  if (value === null || typeof value !== 'object' || depth > 4) return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, secretKey.test(key) ? '[redacted]' : redact(inner, depth + 1)]),
  );
}

/** One JSON line per event on stdout/stderr; fields named like secrets are replaced by "[redacted]". */
export function createLogger(level: LogLevel, write: (line: string, isError: boolean) => void = defaultWrite): Logger {
  const emit = (at: Exclude<LogLevel, 'silent'>) => (message: string, fields?: LogFields) => {
    if (rank[at] < rank[level]) return;
    const line = JSON.stringify({
      time: new Date().toISOString(),
      level: at,
      message,
      ...(redact(fields ?? {}) as object),
    });
    write(line, rank[at] >= rank.warn);
  };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}

function defaultWrite(line: string, isError: boolean): void {
  (isError ? process.stderr : process.stdout).write(`${line}\n`);
}

export const silentLogger: Logger = createLogger('silent');
