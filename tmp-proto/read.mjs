import { readFileSync } from 'node:fs';
import { readMrz } from '../dist/server/document-reading/mrz-reader.js';
import { terminateOcrWorker } from '../dist/server/document-reading/ocr.js';
for (const f of process.argv.slice(2)) {
  const t = Date.now();
  const r = await readMrz(readFileSync(f));
  console.log(f, Date.now() - t, 'ms', JSON.stringify(r));
}
await terminateOcrWorker();
