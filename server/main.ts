import { type Config, loadConfig } from './config';
import { demoLogins } from './db/seed';
import { SHUTDOWN_GRACE_MS, startServer } from './server';
import { SecretMismatchError } from './services/secrets-check';

/** The whole shutdown, grace period included, before the process gives up and exits anyway. */
const SHUTDOWN_LIMIT_MS = SHUTDOWN_GRACE_MS + 5_000;

// Entry point of `npm run serve` / `npm start`: configuration errors end the process with the variable's name.
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }

  const running = await startServer(config);
  const { logger } = running.deps;
  logger.info('listening', { port: running.port, storage: running.deps.storage?.label });
  // The development banner, for a person at a terminal; production keeps stdout to JSON lines.
  if (config.seedDemo) {
    const lines = [
      `Labsongs is running at http://localhost:${running.port}`,
      '',
      running.seeded ? 'Demo accounts (just created):' : 'Demo accounts (if the demo data is still there):',
    ];
    for (const login of demoLogins)
      lines.push(`  ${login.label.padEnd(48)} ${login.email.padEnd(28)} ${login.password}`);
    console.log(lines.join('\n'));
  }

  const stop = (signal: string) => {
    logger.info('signal received, shutting down', { signal });
    // A close that hangs past the grace period (a stuck database call) must not keep the process up.
    setTimeout(() => {
      logger.error('shutdown took too long, exiting', { limit_ms: SHUTDOWN_LIMIT_MS });
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('shutdown failed', { error });
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  // A refusal the operator can act on is one sentence; anything else keeps its stack for a bug report.
  const refusal = error instanceof SecretMismatchError;
  console.error(error instanceof Error ? (refusal ? error.message : (error.stack ?? error.message)) : String(error));
  process.exit(1);
});
