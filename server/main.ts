import { type Config, loadConfig } from './config';
import { demoLogins } from './db/seed';
import { startServer } from './server';

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
  const lines = [`Labsongs is running at http://localhost:${running.port}`];
  if (config.seedDemo) {
    lines.push(
      '',
      running.seeded ? 'Demo accounts (just created):' : 'Demo accounts (if the demo data is still there):',
    );
    for (const login of demoLogins)
      lines.push(`  ${login.label.padEnd(48)} ${login.email.padEnd(28)} ${login.password}`);
  }
  console.log(lines.join('\n'));

  const stop = (signal: string) => {
    console.log(`${signal} received, shutting down`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
