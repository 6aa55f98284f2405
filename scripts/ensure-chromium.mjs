// Makes sure the system Chromium that Playwright launches is there (ARCHITECTURE.md: Playwright
// never downloads a browser). Installs Debian's `chromium` when missing and we are root.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Chromium non trovato in ${CHROMIUM}. Installa il pacchetto Debian "chromium" (apt-get install chromium).`,
    );
    process.exit(1);
  }
  console.log('Installo Chromium (pacchetto Debian "chromium")…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
  if (!existsSync(CHROMIUM)) {
    console.error('Installazione di Chromium non riuscita.');
    process.exit(1);
  }
}
