import type { Config } from '../config';
import type { Clock } from '../services/clock';
import type { Logger } from '../services/logger';
import { createDragonPayProvider } from './dragonpay.provider';
import type { PaymentProvider } from './provider';
import { createSandboxProvider, type SandboxProvider } from './sandbox.provider';

/**
 * The provider PAYMENT_PROVIDER names (config.ts has already checked DragonPay's credentials, and that
 * production names one: the sandbox is never a production default).
 */
export function createPaymentProvider(deps: {
  config: Config;
  jwtSecret: string;
  clock: Clock;
  logger: Logger;
}): PaymentProvider | SandboxProvider {
  const { config } = deps;
  if (config.payments.provider === 'dragonpay') {
    return createDragonPayProvider({ config: config.payments.dragonpay, clock: deps.clock, logger: deps.logger });
  }
  // Named on purpose in production (a demo or staging site): said at start, and by a banner on every page.
  if (config.production) {
    deps.logger.warn('PAYMENT_PROVIDER=sandbox: payments are simulated, this site takes no real money');
  }
  return createSandboxProvider({ publicUrl: config.publicUrl, jwtSecret: deps.jwtSecret });
}
