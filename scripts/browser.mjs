// Finds the Chromium the end-to-end tests drive: CHROME_PATH, then /usr/bin/chromium. On a
// Debian machine where we are root it installs Debian's chromium package; otherwise it stops
// with what to install. Playwright cannot download its own browsers here.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Path of a usable Chromium, installing Debian's package when that is possible. */
export function findBrowser() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH is set to ${fromEnv}, which does not exist.`);
  }
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/etc/debian_version')) {
    console.log(
      'No Chromium found: installing Debian\'s "chromium" package with apt-get (needed by the browser tests).',
    );
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  }
  throw new Error(
    'No Chromium found for the browser tests. Install one (Debian/Ubuntu: `sudo apt-get install chromium`) ' +
      'or point CHROME_PATH at a Chromium or Chrome binary.',
  );
}

/** What the browser says of its own version ("Chromium 150.0.7871.100"), or its path when it cannot say. */
export function browserVersion(path) {
  try {
    return execFileSync(path, ['--version'], { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] })
      .trim()
      .replace(/\s+built on.*$/, '');
  } catch {
    return path;
  }
}

/** Flags for headless Chromium on a machine without network, running as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

if (import.meta.url === `file://${process.argv[1]}`) console.log(findBrowser());
