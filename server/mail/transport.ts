import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** Hands one message over (SMTP server or outbox folder); rejects when it could not. */
export interface MailTransport {
  deliver(mail: OutgoingMail): Promise<void>;
  close(): void;
}

let sequence = 0;

/** `<UTC timestamp>-<sequence>-<random>.eml`: names sort in sending order, even within one millisecond. */
function outboxFileName(now: Date): string {
  sequence = (sequence + 1) % 1_000_000;
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}.eml`;
}

export function createMailTransport(options: { from: string; smtpUrl: string | undefined; outboxDir: string }) {
  const transport = options.smtpUrl
    ? // Short timeouts: a dead server fails the attempt quickly and the worker retries later.
      nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      } as Parameters<typeof nodemailer.createTransport>[0])
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async deliver(mail: OutgoingMail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      if (!options.smtpUrl) {
        await mkdir(options.outboxDir, { recursive: true });
        await writeFile(path.join(options.outboxDir, outboxFileName(new Date())), info.message as Buffer, {
          mode: 0o600,
        });
      }
    },
    close: () => transport.close(),
  } satisfies MailTransport;
}
