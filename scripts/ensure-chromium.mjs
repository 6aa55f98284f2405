// The system Chromium that Playwright launches (ARCHITECTURE.md: Playwright never downloads a
// browser), and, run as a script, makes sure it is there.
//
// Debian's `chromium-headless-shell` first: the headless build without the browser's UI layers, as
// Playwright's own downloads use for headless runs (issue 41: 17% less CPU and 13% less time than
// `chromium` over the same four generated paths, farm-bench A/B, 29 Nov 2026); `chromium` where the
// shell cannot be had. CHROMIUM_PATH overrides both. Installs what is missing when we are root.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM = '/usr/bin/chromium';

/** The browser Playwright launches: CHROMIUM_PATH, else the headless shell, else the full browser. */
export const chromiumPath = () =>
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);

const install = (pkg) => {
  console.log(`Installo Chromium (pacchetto Debian "${pkg}")…`);
  try {
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg}`, {
      stdio: 'inherit',
    });
  } catch {
    console.error(`Installazione di ${pkg} non riuscita.`);
  }
};

function ensureChromium() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!process.env.CHROMIUM_PATH && !existsSync(HEADLESS_SHELL) && isRoot) install('chromium-headless-shell');
  if (existsSync(chromiumPath())) return;
  if (!isRoot) {
    console.error(
      `Chromium non trovato in ${chromiumPath()}. Installa il pacchetto Debian "chromium-headless-shell" (apt-get install chromium-headless-shell).`,
    );
    process.exit(1);
  }
  install('chromium');
  if (!existsSync(chromiumPath())) {
    console.error('Installazione di Chromium non riuscita.');
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) ensureChromium();
