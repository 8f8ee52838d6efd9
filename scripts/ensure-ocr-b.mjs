// Makes sure Debian's OCR-B font is installed for the document tests and benchmark:
// fake documents set their machine-readable zone in it. It only ever installs the
// distribution package through apt, never a download from elsewhere.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const OCR_B = '/usr/share/fonts/opentype/ocr-b/OCRB.otf';

if (!existsSync(OCR_B)) {
  const apt = (...args) => spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  console.log(`${OCR_B} is missing; installing Debian's fonts-ocr-b package with apt-get…`);
  let result = apt('install', '-y', 'fonts-ocr-b');
  if (result.error || result.status !== 0) {
    // A fresh container often has no package lists yet.
    apt('update');
    result = apt('install', '-y', 'fonts-ocr-b');
  }
  if (!existsSync(OCR_B)) {
    console.error(
      `ensure-ocr-b: ${OCR_B} is still missing after apt-get install fonts-ocr-b.\n` +
        'Install it yourself (as root: apt-get update && apt-get install -y fonts-ocr-b) and run the tests again.',
    );
    process.exit(1);
  }
}
