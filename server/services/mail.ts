import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { createMailWorker, type MailWorker } from '../mail/mail-worker';
import { createMailTransport } from '../mail/transport';
import { createUnsubscribeSigner } from '../mail/unsubscribe-token';
import type { Clock } from './clock';
import type { Logger } from './logger';

export { findLink, latestMailTo, type OutboxMail, readOutbox } from './outbox';

/**
 * The process's mail sender: the worker over the database outbox (server/mail/). Handlers never send:
 * they enqueue in their own transaction (mail/queue.ts) and this sends.
 */
export type Mailer = MailWorker;

export interface MailerOptions {
  db: Kysely<DB>;
  clock: Clock;
  from: string;
  /** SMTP transport when set; otherwise one `.eml` file per message in `outboxDir`. */
  smtpUrl: string | undefined;
  outboxDir: string;
  logger: Logger;
  publicUrl: string;
  /** Signs the unsubscribe links. */
  jwtSecret: string;
  digestMs: number;
  pollMs: number;
}

export function createMailer(options: MailerOptions): Mailer {
  return createMailWorker({
    db: options.db,
    clock: options.clock,
    logger: options.logger,
    transport: createMailTransport({ from: options.from, smtpUrl: options.smtpUrl, outboxDir: options.outboxDir }),
    publicUrl: options.publicUrl,
    unsubscribe: createUnsubscribeSigner(options.jwtSecret, options.publicUrl),
    digestMs: options.digestMs,
    pollMs: options.pollMs,
  });
}
