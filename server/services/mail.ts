import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from './logger';

export { findLink, latestMailTo, type OutboxMail, readOutbox } from './outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Queues the message and returns at once: a slow SMTP server must not slow (or time) the answer. */
  send(message: MailMessage): void;
  /** Resolves when every queued message has been handed over (tests, shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  from: string;
  /** SMTP transport when set; otherwise one `.eml` file per message in `outboxDir`. */
  smtpUrl: string | undefined;
  outboxDir: string;
  logger: Logger;
}

let sequence = 0;

/** `<UTC timestamp>-<sequence>-<random>.eml`: names sort in sending order, even within one millisecond. */
function outboxFileName(now: Date): string {
  sequence = (sequence + 1) % 1_000_000;
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}.eml`;
}

export function createMailer(options: MailerOptions): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();
  const flush = async () => {
    while (pending.size > 0) await Promise.all([...pending]);
  };

  async function deliver(message: MailMessage): Promise<void> {
    const info = await transport.sendMail({ from: options.from, ...message });
    if (!options.smtpUrl) {
      await mkdir(options.outboxDir, { recursive: true });
      await writeFile(path.join(options.outboxDir, outboxFileName(new Date())), info.message as Buffer, {
        mode: 0o600,
      });
    }
  }

  return {
    send(message) {
      const job = deliver(message)
        .catch((error: unknown) => options.logger.error('mail delivery failed', { subject: message.subject, error }))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    flush,
    async close() {
      await flush();
      transport.close();
    },
  };
}
