import { spawnSync } from 'node:child_process';

/**
 * The path of xmllint (Debian's libxml2-utils), installed with apt-get when it is missing and the
 * tests run as root on a machine that has apt-get; otherwise an error that says what to install.
 */
export function xmllint(): string {
  const find = () => spawnSync('sh', ['-c', 'command -v xmllint'], { encoding: 'utf8' }).stdout.trim();
  const found = find();
  if (found) return found;
  if (process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get']).status === 0) {
    console.log('Installing xmllint (apt-get install -y libxml2-utils) to validate XML against its schema');
    const install = () =>
      spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'libxml2-utils'], { stdio: 'inherit' });
    // A fresh machine may have no package lists yet.
    if (install().status !== 0) {
      spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
      install();
    }
    const installed = find();
    if (installed) return installed;
  }
  throw new Error('xmllint is missing: install libxml2-utils (Debian, Ubuntu) or libxml2 (others)');
}
