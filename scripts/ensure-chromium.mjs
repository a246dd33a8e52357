// The browser tests run in Debian's Chromium (nothing downloads a browser here). Install it when
// missing and we may (root with apt-get); otherwise stop and say exactly what to run. Never skip.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(chromiumPath)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log("Chromium is missing: installing Debian's chromium package…");
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
  } else {
    console.error(
      `The browser tests need Chromium at ${chromiumPath}. Install it with:\n\n  sudo apt-get install -y chromium\n\nor set CHROMIUM_PATH to a Chromium binary.`,
    );
    process.exit(1);
  }
  if (!existsSync(chromiumPath)) {
    console.error(`Chromium is still not at ${chromiumPath} after the install.`);
    process.exit(1);
  }
}
