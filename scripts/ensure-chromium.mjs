// Makes sure Debian's Chromium is installed for the browser suites. It only ever
// installs the distribution package through apt: never a browser download.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  const apt = (...args) =>
    spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });

  console.log(`${CHROMIUM} is missing; installing Debian's chromium package with apt-get…`);
  let result = apt('install', '-y', 'chromium');
  if (result.error || result.status !== 0) {
    // A fresh container often has no package lists yet.
    apt('update');
    result = apt('install', '-y', 'chromium');
  }

  if (!existsSync(CHROMIUM)) {
    console.error(
      `ensure-chromium: ${CHROMIUM} is still missing after apt-get install chromium.\n` +
        'Install it yourself (as root: apt-get update && apt-get install -y chromium) and run the browser tests again.',
    );
    process.exit(1);
  }
}
